import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const ToastHost = lazy(() => import('./toast-host'));

/**
 * Mantine's toast container (with its transitions, portal and scroll lock) is not needed to read
 * a page, so it is not part of the first download. It is fetched at the visitor's first press of
 * a key or pointer, before any action of theirs can end in a toast, or at the first toast, which
 * the notifications store keeps until the container shows it.
 */
export function LazyToastHost() {
  const { notifications, queue } = useNotifications();
  const [interacted, setInteracted] = useState(false);

  useEffect(() => {
    if (interacted) return;
    const controller = new AbortController();
    const listen = { capture: true, once: true, passive: true, signal: controller.signal };
    const interact = () => setInteracted(true);
    window.addEventListener('pointerdown', interact, listen);
    window.addEventListener('keydown', interact, listen);
    return () => controller.abort();
  }, [interacted]);

  if (!interacted && notifications.length === 0 && queue.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
