import { onCLS, onINP, onLCP, onTTFB } from 'web-vitals';
import { clientErrors } from '@site/shared/client-errors';
import { OTHER_ROUTE, REMOTE_ROUTES, matchesRoute } from './route-table';
import { remotesUsed } from './federation';
import { startRemotesConfigFetch } from './remotes-config';
import { createReporter, sampled, versionOfUrl, type PageFacts } from './vitals-report';

declare const __webpack_public_path__: string | undefined;

const BEACON_URL = '/api/vitals';

/** The landing page's facts, as the beacon reports them (versions from remotes.json's entries). */
function pageFacts(entries: Record<string, string>): PageFacts {
  const route = REMOTE_ROUTES.find((candidate) => matchesRoute(candidate.path, window.location.pathname));
  const remotes: Record<string, string> = { shell: versionOfUrl(typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '/') };
  for (const name of remotesUsed) {
    const entry = entries[name];
    if (entry) remotes[name.replace('_', '-')] = versionOfUrl(new URL(entry, window.location.href).pathname);
  }
  const owner = route ? route.id.split('/')[0]!.replace('_', '-') : 'shell';
  return { route: route?.path ?? OTHER_ROUTE, remotes, owner: owner in remotes ? owner : 'shell' };
}

/**
 * Reports this page view's web vitals and client errors in one beacon when the page is hidden or
 * left, for the share of visits the api's setting asks for. Loaded once the page is live, with
 * web-vitals in the same chunk (one request): the first paint and the page's own code come first.
 */
export async function startVitals(): Promise<void> {
  const settings = await fetch('/api/vitals/settings').then((response) => (response.ok ? (response.json() as Promise<{ sample_rate: number }>) : null));
  if (!settings || !sampled(settings.sample_rate)) return;
  const entries = await startRemotesConfigFetch().catch(() => ({}) as Record<string, string>);
  const reporter = createReporter(
    () => pageFacts(entries),
    (body) => navigator.sendBeacon(BEACON_URL, body),
    clientErrors(),
  );
  for (const on of [onCLS, onINP, onLCP, onTTFB]) on((metric) => reporter.observe(metric.name as 'LCP', metric.value));
  // After web-vitals' own listeners (added above), so the values it reports on hiding are in. Only
  // on hiding, as web-vitals itself: a page left by navigating gets `pagehide` first and
  // `visibilitychange` after it, so a beacon sent on `pagehide` would go without INP and CLS.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reporter.flush();
  });
  document.documentElement.dataset.vitals = 'on';
}
