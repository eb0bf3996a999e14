/** /admin/analytics (issue 16; the spec's 'Coming Soon'). */
import { AnalyticsDashboard } from '@/web/features/admin-analytics/components/analytics-dashboard';

export function AnalyticsPage() {
  return <AnalyticsDashboard />;
}
