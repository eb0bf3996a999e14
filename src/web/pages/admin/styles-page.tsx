/** /admin/styles (admin §2 Art Styles). */
import { StylesManager } from '@/web/features/admin-styles/components/styles-manager';

export function StylesPage() {
  return <StylesManager />;
}
