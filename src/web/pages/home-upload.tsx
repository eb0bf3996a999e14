import { UploadControl } from '@/web/features/upload/components/upload-control';
import { useShowPhotoOnTransform } from '@/web/features/upload/uploaded-photo';

/** Home's upload: after a successful upload the photo opens on /transform, named in its URL. */
export function HomeUpload() {
  return <UploadControl onUploaded={useShowPhotoOnTransform()} />;
}
