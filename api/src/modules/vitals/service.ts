import type { FastifyInstance } from 'fastify';
import { servicePlugin } from '../../lib/service-plugin';
import { Tallies, type PageView } from './aggregate';
import { KnownVersions } from './known';
import { registerVitalsMetrics } from './metrics';
import { addTallies, foldOld, totals, type SeriesTotals } from './repository';

/** The length of a time bucket: short enough to see a release's first minutes. */
export const BUCKET_MS = 5 * 60_000;
export const VITALS_PRUNE_QUEUE = 'vitals.prune';
/** Every hour, by one instance of the cluster. */
export const VITALS_PRUNE_CRON = '23 * * * *';

/** Why a beacon's page view was refused: the route answers 400 with it. */
export class UnknownPageView extends Error {}

export interface VitalsService {
  /** The share of page views the browser reports. */
  readonly sampleRate: number;
  /** Checks the page's front ends and versions against those served, then counts it (in memory). */
  record(views: readonly PageView[]): Promise<void>;
  /** Writes what was counted so far (every VITALS_FLUSH_MS, on shutdown, before a scrape, when tests ask). */
  flush(): Promise<void>;
  /** Folds buckets older than VITALS_KEEP_HOURS into the totals; drops versions no longer kept. */
  prune(now?: Date): Promise<void>;
  /** Totals per (remote, version, route) or per (remote, version), written ones and this instance's pending ones. */
  totals(byRoute: boolean): Promise<SeriesTotals[]>;
  /** Runs after each flush that wrote page views (a canary's figures are judged then). */
  onWritten(listener: () => Promise<void>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    vitals: VitalsService;
  }
}

function createVitalsService(app: FastifyInstance): VitalsService {
  const { db } = app.database;
  const tallies = new Tallies(BUCKET_MS);
  const known = new KnownVersions(
    (remote) => app.releases.list(remote),
    (remote) => app.releases.ownBuild(remote),
  );
  let flushing: Promise<void> = Promise.resolve();
  const written: (() => Promise<void>)[] = [];

  const write = async () => {
    const taken = tallies.take();
    if (taken.length === 0) return;
    try {
      await addTallies(db, taken);
    } catch (error) {
      tallies.restore(taken);
      throw error;
    }
    for (const listener of written) await listener().catch((error: unknown) => app.log.error({ err: error }, 'a reader of visitor signals failed'));
  };

  const service: VitalsService = {
    sampleRate: app.config.VITALS_SAMPLE_RATE,
    async record(views) {
      for (const view of views) {
        for (const [remote, version] of Object.entries(view.remotes)) {
          if (!(await known.has(remote, version))) throw new UnknownPageView(`${remote} has no version ${version} on this site.`);
        }
      }
      for (const view of views) {
        const remotes = Object.fromEntries(await Promise.all(Object.entries(view.remotes).map(async ([remote, version]) => [remote, await known.countedAs(remote, version)])));
        tallies.add({ ...view, remotes });
      }
    },
    flush() {
      const next = flushing.then(write);
      flushing = next.catch(() => undefined);
      return next;
    },
    async prune(now = new Date()) {
      await service.flush();
      await foldOld(db, new Date(now.getTime() - app.config.VITALS_KEEP_HOURS * 3_600_000), await known.all());
    },
    async totals(byRoute) {
      await service.flush();
      return totals(db, byRoute);
    },
    onWritten(listener) {
      written.push(listener);
    },
  };
  return service;
}

export const vitalsPlugin = servicePlugin(
  'vitals',
  async (app) => {
    const service = createVitalsService(app);
    registerVitalsMetrics(app, service);
    const flush = () => service.flush().catch((error: unknown) => app.log.error({ err: error }, 'could not write visitor signals (kept for the next flush)'));
    const timer = setInterval(flush, app.config.VITALS_FLUSH_MS).unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await flush();
    });
    app.addHook('onReady', async () => {
      await app.jobs.define(VITALS_PRUNE_QUEUE, { options: { retryLimit: 0, expireInSeconds: 600 }, handler: () => service.prune() });
      await app.jobs.schedule(VITALS_PRUNE_QUEUE, VITALS_PRUNE_CRON);
    });
    return service;
  },
  { dependencies: ['database', 'jobs', 'releases', 'metrics'] },
);
