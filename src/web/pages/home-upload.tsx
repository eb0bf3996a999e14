import { useNavigate } from 'react-router';
import { UploadControl } from '@/web/features/upload/components/upload-control';

/** Home's upload: after a successful upload the photo goes to /transform as navigation state. */
export function HomeUpload() {
  const navigate = useNavigate();
  return <UploadControl onUploaded={(photo) => navigate('/transform', { state: photo })} />;
}
