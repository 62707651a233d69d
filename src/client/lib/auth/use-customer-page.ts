import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { authPagePath } from '@/client/lib/return-path';
import { useUserAuth, type UserAccount } from './user-auth-store';

/**
 * A page for logged-in customers only (My appointments, My account): a visitor is told to log in
 * and sent to /login, which leads back to `path` afterwards. The customer, or null while the
 * session is being settled or the visitor is on their way out. `leaving`: the page logged the
 * customer out itself and moves on on its own; nobody is sent to /login.
 */
export function useCustomerPage(path: string, options: { leaving?: boolean } = {}): UserAccount | null {
  const navigate = useNavigate();
  const { user, isAuthenticated, status } = useUserAuth();
  const settling = status === 'idle' || status === 'loading';
  // The page logs the customer out on purpose and goes elsewhere itself (a deleted account).
  const leaving = options.leaving ?? false;

  useEffect(() => {
    if (settling || isAuthenticated || leaving) return;
    // A fixed id: StrictMode's second run does not show a second toast.
    notifications.show({ id: 'login-first', color: 'red', message: 'Please login first' });
    void navigate(authPagePath('/login', path), { replace: true });
  }, [settling, isAuthenticated, leaving, navigate, path]);

  return isAuthenticated ? user : null;
}
