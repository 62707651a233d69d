// Whether the visitor has gone on from the first screen a page opened with: scrolled, pressed a
// key, moved the focus, touched or clicked. Listened for from the app's start (main.tsx), so a
// click on a link to another page counts for the page it opens. Sections below the first screen
// are built only then, or when their place comes near the window (components/deferred-section.tsx).

/** What a visitor does first when they go on from the first screen. */
const ENGAGEMENTS = ['scroll', 'wheel', 'keydown', 'focusin', 'pointerdown', 'touchstart'] as const;

let engaged: Promise<void> | undefined;

/**
 * Resolves once the visitor first scrolls, presses a key, moves the focus or touches the page (at
 * once when the page is already scrolled: they did so while the app was loading).
 */
export function visitorEngaged(): Promise<void> {
  engaged ??= new Promise<void>((resolve) => {
    if (window.scrollY > 0) {
      resolve();
      return;
    }
    const engage = () => {
      for (const name of ENGAGEMENTS) window.removeEventListener(name, engage, { capture: true });
      resolve();
    };
    for (const name of ENGAGEMENTS) window.addEventListener(name, engage, { capture: true, passive: true });
  });
  return engaged;
}
