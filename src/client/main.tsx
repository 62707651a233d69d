import './app/entry-styles';
// First, so the code of a page opened from the address bar is requested before the rest runs.
import './app/early-routes';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element to mount the app into');

// A transition lets React render the first screen in short slices, yielding to the browser in
// between, instead of one long task that keeps a phone's main thread busy (Total Blocking Time).
const root = createRoot(rootElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
