// The async boundary lets federation negotiate shared singletons before any of them is evaluated.
import { startRemotesConfigFetch } from './lib/remotes-config';
import { preloadFirstRemoteEntry } from './lib/first-page';
import { reportClientError } from '@site/shared/client-errors';

// zod (in every bundle that validates) otherwise probes `new Function` once, which the CSP refuses
// and DevTools lists as an issue. This is the global object `z.config({ jitless: true })` writes to,
// shared by every copy of zod on the page; set here, without importing zod into the first chunk.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

// Counted from the start for the visitor-signals beacon (lib/vitals.ts), which loads later.
addEventListener('error', () => reportClientError(null));
addEventListener('unhandledrejection', () => reportClientError(null));

startRemotesConfigFetch()
  .then((config) => preloadFirstRemoteEntry(config, window.location.pathname))
  .catch(() => undefined); // the route shows the failure and its retry
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
