import { loadRemoteModule, preloadFirstPage } from './lib/federation';
import { yieldToBrowser } from './lib/yield-to-browser';
import { firstPageSettled } from './lib/first-page';
import { loadLoginPage } from './app/login-chunk';

// Only the federation runtime is needed to start fetching the first page's remote.
preloadFirstPage(window.location.pathname);
// The login page is the shell's own lazy chunk: asked for now, it is in before hydration reaches it.
if (window.location.pathname === '/login') void loadLoginPage();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * On a slow phone, evaluating react-dom, evaluating the shell's own modules (styled components, the
 * router, the layout) and starting hydration each take tens of milliseconds; in one task they held
 * input back for all of them. Each step is a task of its own here, the browser free to handle input
 * between them. `webpackMode: "eager"` keeps the modules in this chunk: no request is added, only
 * the moment they are evaluated moves.
 */
async function start(root: HTMLElement) {
  await yieldToBrowser();
  const [{ StrictMode, startTransition }, { createRoot, hydrateRoot }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react'),
    import(/* webpackMode: "eager" */ 'react-dom/client'),
  ]);
  await yieldToBrowser();
  const [{ App }, { registerRemoteLoader }, { readPreloadedData }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/app'),
    import(/* webpackMode: "eager" */ '@site/shared/remote'),
    import(/* webpackMode: "eager" */ '@site/shared/preloaded'),
  ]);
  registerRemoteLoader(loadRemoteModule);
  await yieldToBrowser();
  // The api rendered this page (api/src/modules/ssr): hydrate its HTML with the answers it used.
  // As a transition, React hydrates in slices that yield to the browser instead of one long task;
  // a click on a part not yet hydrated hydrates that part at once and is replayed.
  if (root.firstElementChild) {
    const preloaded = readPreloadedData(document);
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App preloaded={preloaded} />
        </StrictMode>,
      );
    });
  } else {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
}

void start(container);

// The visitor-signals beacon once the first page has settled and the browser is idle: nothing of
// it competes with the page's own first paint or code.
void firstPageSettled()
  .then(() => new Promise((resolve) => ('requestIdleCallback' in window ? requestIdleCallback(resolve) : setTimeout(resolve))))
  .then(() => import('./lib/vitals'))
  .then(({ startVitals }) => startVitals())
  .catch(() => undefined);
