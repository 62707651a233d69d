import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { authPagePath } from '@/client/lib/return-path';
import { useUserAuth, type UserAccount } from './user-auth-store';

/**
 * A page for logged-in customers only (My appointments, My account): a visitor is told to log in
 * and sent to /login, which leads back to `path` afterwards. The customer, or null while the
 * session is being settled or the visitor is on their way out.
 */
export function useCustomerPage(path: string): UserAccount | null {
  const navigate = useNavigate();
  const { user, isAuthenticated, status } = useUserAuth();
  const settling = status === 'idle' || status === 'loading';

  useEffect(() => {
    if (settling || isAuthenticated) return;
    // A fixed id: StrictMode's second run does not show a second toast.
    notifications.show({ id: 'login-first', color: 'red', message: 'Please login first' });
    void navigate(authPagePath('/login', path), { replace: true });
  }, [settling, isAuthenticated, navigate, path]);

  return isAuthenticated ? user : null;
}
