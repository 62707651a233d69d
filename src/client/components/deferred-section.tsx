import { Box, type StyleProp } from '@mantine/core';
import { Suspense, startTransition, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

/** How far below the window (px) a deferred section starts rendering, so it is ready when scrolled to. */
const NEAR_VIEWPORT = '800px';

/**
 * Content far down a page (the forms under the services list) rendered once the page's first
 * screen is done: once `ready` is true, when the browser is next idle or as soon as its place
 * comes near the window, whichever is first. Until then, and while its lazily loaded code
 * arrives, a block of about its height keeps its place so nothing below it moves on screen.
 * The first screen then neither waits for this code nor shares the phone's CPU with it.
 */
export function DeferredSection({
  ready,
  placeholderHeight,
  children,
}: {
  /** Whether what the first screen waits for has arrived (its data). */
  ready: boolean;
  /**
   * The section's usual height, per breakpoint, kept by the placeholder (a Mantine style prop: it
   * travels in the page itself, with no style sheet of its own to wait for).
   */
  placeholderHeight: StyleProp<CSSProperties['minHeight']>;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  const placeholderRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const placeholder = placeholderRef.current;
    if (shown || !ready || !placeholder) return;
    // In a transition, React renders the section in short slices between the browser's own work.
    const show = () => {
      startTransition(() => {
        setShown(true);
      });
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: `${NEAR_VIEWPORT} 0px` },
    );
    observer.observe(placeholder);
    const cancelIdle = whenIdle(show);
    return () => {
      observer.disconnect();
      cancelIdle();
    };
  }, [ready, shown]);

  // `data-deferred`: a test can tell a page whose sections have all arrived.
  const placeholder = <Box ref={placeholderRef} aria-hidden="true" data-deferred="" mih={placeholderHeight} />;
  return shown ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

/** Runs `callback` when the browser is idle (Safari has no requestIdleCallback: soon after, then). */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => {
      window.cancelIdleCallback(handle);
    };
  }
  const handle = window.setTimeout(callback, 200);
  return () => {
    window.clearTimeout(handle);
  };
}
