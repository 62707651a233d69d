import { Notifications } from '@mantine/notifications';
import './public-styles';
import { TOAST_AUTO_CLOSE_MS } from '@/shared/constants';

/**
 * Where toasts appear: bottom-right (3 s), clear of the header, whose Logout and menu buttons sit
 * top-right. Its own chunk: see lazy-toast-host.tsx.
 */
export default function ToastHost() {
  return <Notifications position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
