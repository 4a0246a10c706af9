import type { ClientErrorQueue } from '@site/shared/client-errors';

/** A release's folder in a URL: `/releases/<front end>/<version>/`. */
const RELEASE = /\/releases\/[\w-]+\/(\d{8}T\d{9}Z-[0-9a-f]{12})\//;
/** The version a front end reports while its own build (not a release) is live. */
export const OWN_BUILD = 'build';

/** The version an entry or public path is from: its release's, or the own build's. */
export const versionOfUrl = (url: string): string => RELEASE.exec(url)?.[1] ?? OWN_BUILD;

/** What the beacon says of the page: its route pattern and the versions of the front ends on it. */
export interface PageFacts {
  route: string;
  /** Package folder → version; the shell always among them. */
  remotes: Record<string, string>;
  /** The front end an error nobody claimed is put down to: the page's remote, else the shell. */
  owner: string;
}

export type SignalName = 'LCP' | 'INP' | 'CLS' | 'TTFB';

export interface Reporter {
  /** A signal's latest value as web-vitals reports it (milliseconds; CLS has no unit). */
  observe(name: SignalName, value: number): void;
  /** Sends the page view, once: when the page is hidden or left. Later calls send nothing. */
  flush(): void;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The page view's signals and errors gathered until the page is hidden, then sent as one beacon:
 * no URL, no identity, only the route pattern and the front ends' versions.
 */
export function createReporter(facts: () => PageFacts, send: (body: string) => unknown, errors: ClientErrorQueue): Reporter {
  const signals: Partial<Record<'lcp' | 'inp' | 'cls' | 'ttfb', number>> = {};
  let sent = false;
  return {
    observe(name, value) {
      if (!(value >= 0)) return;
      // Seconds, as /api/metrics exports them; CLS as it is.
      signals[name.toLowerCase() as keyof typeof signals] = name === 'CLS' ? round(value, 4) : round(value / 1000, 4);
    },
    flush() {
      if (sent) return;
      sent = true;
      const page = facts();
      const counted: Record<string, number> = {};
      for (const remote of errors.splice(0)) {
        const to = remote && remote in page.remotes ? remote : page.owner;
        counted[to] = Math.min(100, (counted[to] ?? 0) + 1);
      }
      const view = { route: page.route, remotes: page.remotes, ...signals, ...(Object.keys(counted).length > 0 ? { errors: counted } : {}) };
      send(JSON.stringify({ views: [view] }));
    },
  };
}

/** Whether this page view is reported, for a share `rate` of them. */
export const sampled = (rate: number, random: () => number = Math.random): boolean => random() < rate;
