/** Back-office screens that their own issues build (products). */
import { PageShell } from '@/web/components/page-shell';

const shell = (title: string) =>
  function AdminPlaceholderPage() {
    return <PageShell title={title} />;
  };

export const ProductsPage = shell('Product Management');
