/** /admin/analytics: a placeholder (admin §1, §2). */
import { BarChart3 } from 'lucide-react';
import { ComingSoon } from './coming-soon';

export function AnalyticsPage() {
  return <ComingSoon title="Analytics" icon={BarChart3} text="Visits, transformations and sales over time will appear here." />;
}
