import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readPreloadedData } from '@site/shared/preloaded';
import { App } from './app/app';
import { preloadFirstPage, setUpRemotes } from './lib/federation';

setUpRemotes();
preloadFirstPage(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
// The api rendered this page (api/src/modules/ssr): hydrate its HTML with the answers it used.
if (container.firstElementChild) {
  hydrateRoot(
    container,
    <StrictMode>
      <App preloaded={readPreloadedData(document)} />
    </StrictMode>,
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
// The page is live from here: React handles (and replays) events. Browser tests wait for this
// before their first click, since a server-rendered page shows its controls earlier.
document.documentElement.dataset.app = 'live';
