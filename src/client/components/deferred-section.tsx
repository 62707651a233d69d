import { Alert, Box, Button, Title, VisuallyHidden, type StyleProp } from '@mantine/core';
import {
  Component,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { tryLazyCodeAgain } from '@/client/lib/lazy-component';
import { visitorEngaged } from '@/client/lib/visitor-engaged';

/** How far below the window (px) a section starts rendering at once, so it is ready when scrolled to. */
const NEAR_VIEWPORT = '200px';

/** A section's place in the line of deferred sections: `start` when its turn comes, `done` to pass it on. */
interface Turn {
  start: Promise<void>;
  done: () => void;
}

/** The end of the line: resolved once every section in it has arrived (or gone). */
let lastTurn: Promise<void> = Promise.resolve();

/** Joins the line: one section at a time is rendered when idle, so each is a short task of its own. */
function takeTurn(): Turn {
  let pass: (() => void) | undefined;
  const finished = new Promise<void>((resolve) => {
    pass = resolve;
  });
  const start = lastTurn;
  lastTurn = lastTurn.then(() => finished);
  return { start, done: () => pass?.() };
}

/**
 * Content below a page's first screen (the forms under the services list and the contact details)
 * rendered only once the visitor goes on from it: once `ready` is true, as soon as its place comes
 * near the window, or when the browser is idle after the visitor first scrolls, presses a key,
 * moves the focus or touches the page (a few seconds after the start at the latest:
 * lib/visitor-engaged.ts), whichever is first. A visitor reading the first screen does not wait for
 * code they have not reached (a phone's main thread is busy for a form's 50 to 150 ms).
 * The sections of a page take turns for the idle render, in page order, the next once the one
 * before has arrived (its code evaluated and its content on the page): two forms evaluated and
 * rendered in one go would hold a phone's main thread for one long task.
 * Until then, and while its lazily loaded code arrives, a block of
 * about its height keeps its place so nothing below it moves on screen. The first screen then
 * neither waits for this code nor shares the phone's CPU with it.
 * Code that does not arrive (a phone gone offline) costs only the section: it says so in its place,
 * with a button to try again (tried by itself once the browser is back online), and the rest of the
 * page stays as it was.
 */
export function DeferredSection({
  ready,
  title,
  placeholderHeight,
  children,
}: {
  /**
   * The section's heading, which the placeholder carries for screen readers: listed with the
   * page's headings before the section is built, it scrolls the place into view when chosen.
   */
  title: string;
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
  const turnRef = useRef<Turn | null>(null);
  /** Leaves the line (arrived, gone, or no longer ready): the next section's turn comes. */
  const passTurn = useCallback(() => {
    turnRef.current?.done();
    turnRef.current = null;
  }, []);
  // Gone before it arrived: the line moves on.
  useEffect(() => passTurn, [passTurn]);

  useEffect(() => {
    const placeholder = placeholderRef.current;
    if (shown || !ready || !placeholder) return;
    const turn = (turnRef.current ??= takeTurn());
    // In a transition, React renders the section in short slices between the browser's own work.
    let showing = false;
    const show = () => {
      showing = true;
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
    let cancelIdle: (() => void) | undefined;
    let cancelled = false;
    void Promise.all([turn.start, visitorEngaged()]).then(() => {
      if (!cancelled) cancelIdle = whenIdle(show);
    });
    return () => {
      cancelled = true;
      observer.disconnect();
      cancelIdle?.();
      // Ended without showing the section (no longer ready, or React's strict mode trying the
      // effect twice): it leaves the line, and takes a new turn when it is ready again.
      if (!showing) passTurn();
    };
  }, [ready, shown, passTurn]);

  // `data-deferred`: a test can tell a page whose sections have all arrived.
  const placeholder = (
    <Box ref={placeholderRef} data-deferred="" mih={placeholderHeight}>
      <VisuallyHidden component="h2">{title}</VisuallyHidden>
    </Box>
  );
  return shown ? (
    <SectionBoundary title={title} onFailure={passTurn}>
      <Suspense fallback={placeholder}>
        {children}
        <Arrived onArrival={passTurn} />
      </Suspense>
    </SectionBoundary>
  ) : (
    placeholder
  );
}

/** Calls `onArrival` once the content beside it is on the page (its Suspense boundary has committed it). */
function Arrived({ onArrival }: { onArrival: () => void }) {
  useEffect(onArrival, [onArrival]);
  return null;
}

/** Words of a section whose code did not arrive. */
export const SECTION_FAILED = {
  title: 'This part of the page did not load',
  text: 'Check the connection, then try again. The rest of the page works as it is.',
  retry: 'Try again',
};

/**
 * Shows, in place of a section that failed (its code did not arrive, or it broke), its heading and
 * what happened, with a button that tries it again; and tries by itself when the browser is back
 * online. `onFailure` lets the sections after it take their turn.
 */
class SectionBoundary extends Component<
  { title: string; onFailure: () => void; children: ReactNode },
  { failed: boolean; retrying: boolean }
> {
  override state = { failed: false, retrying: false };
  private unmounted = false;

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onFailure();
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount(): void {
    this.unmounted = true;
    window.removeEventListener('online', this.retry);
  }

  retry = (): void => {
    if (this.state.retrying) return;
    window.removeEventListener('online', this.retry);
    this.setState({ retrying: true });
    void tryLazyCodeAgain().then((loaded) => {
      if (this.unmounted) return;
      this.setState({ failed: !loaded, retrying: false });
      // Its styles failed again: still offline, so the browser's return is waited for again.
      if (!loaded) window.addEventListener('online', this.retry);
    });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box component="section">
        <Title order={2} mb="md">
          {this.props.title}
        </Title>
        <Alert color="orange" variant="light" title={SECTION_FAILED.title} role="alert">
          {SECTION_FAILED.text}
          <Box mt="sm">
            <Button variant="outline" color="orange" loading={this.state.retrying} onClick={this.retry}>
              {SECTION_FAILED.retry}
            </Button>
          </Box>
        </Alert>
      </Box>
    );
  }
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
