import { PageShell } from '@/web/components/page-shell';

export function TransformPage() {
  return <PageShell title="Create your artwork" lead="Choose a style, transform, choose products, checkout." />;
}
