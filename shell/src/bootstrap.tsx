import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readPreloadedData } from '@site/shared/preloaded';
import { App } from './app/app';
import { preloadFirstPage, setUpRemotes } from './lib/federation';

setUpRemotes();
preloadFirstPage(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
// The api rendered this page (api/src/modules/ssr): hydrate its HTML with the answers it used.
// As a transition, React hydrates in slices that yield to the browser instead of one long task;
// a click on a part not yet hydrated hydrates that part at once and is replayed.
if (container.firstElementChild) {
  const preloaded = readPreloadedData(document);
  // In a task of its own: evaluating this chunk's modules (react-dom among them) and the first
  // slice of hydration are each a long task on a slow phone; together they were one twice as long.
  setTimeout(() =>
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App preloaded={preloaded} />
        </StrictMode>,
      );
    }),
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
