/**
 * Stands in for a lazily loaded public page on a direct visit. As tall as the window, so the
 * footer stays out of view until the page arrives and nothing on screen moves (no layout shift).
 */
export function PageFallback() {
  return <div aria-busy="true" style={{ minHeight: '100vh' }} />;
}
