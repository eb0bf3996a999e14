import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AUTH_MESSAGES } from '@/domain/auth';
import { useSignOut } from '../api/sign-out';

/** Sign Out as the layout and Access Denied page use it (admin §2 Admin layout). */
export function useSignOutAction() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return {
    pending: signOut.isPending,
    signOut: () =>
      signOut.mutate(undefined, {
        onSuccess: () => {
          toast.success(AUTH_MESSAGES.signedOut);
          navigate('/admin/login', { replace: true });
        },
        onError: (error) => toast.error(AUTH_MESSAGES.signOutFailed(error.message)),
      }),
  };
}
