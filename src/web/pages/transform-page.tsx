import { PageShell } from '@/web/components/page-shell';
import { TransformPhoto } from '@/web/features/upload/components/transform-photo';
import { useNavigationPhoto } from '@/web/features/upload/uploaded-photo';

export function TransformPage() {
  const [photo, setPhoto] = useNavigationPhoto();
  return (
    <PageShell title="Create your artwork" lead="Choose a style, transform, choose products, checkout.">
      <TransformPhoto photo={photo} onUploaded={setPhoto} />
    </PageShell>
  );
}
