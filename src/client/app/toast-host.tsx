import { Notifications } from '@mantine/notifications';
import './public-styles';
import { TOAST_AUTO_CLOSE_MS } from '@/shared/constants';

/** Where toasts appear (top-right, 3 s). Its own chunk: see lazy-toast-host.tsx. */
export default function ToastHost() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
