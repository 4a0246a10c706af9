// The async boundary lets federation negotiate shared singletons before any of them is evaluated.
import { startRemotesConfigFetch } from './remotes/remotes-config';
import { preloadFirstRemoteEntry } from './remotes/first-page';

startRemotesConfigFetch()
  .then((config) => preloadFirstRemoteEntry(config, window.location.pathname))
  .catch(() => undefined); // the route shows the failure and its retry
void import('./bootstrap');
