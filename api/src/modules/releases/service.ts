import { access } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { pointersOf, RELEASES_CHANNEL } from './pointers';
import { releasesOf, rollback, type ReleaseLine } from './operations';
import { liveRemotes, liveShell, ownShell, type LiveShell, type LivePointer, type PointerStore } from './store';
import { recordStartingBuilds, type StartingBuilds } from './zero';

export interface ReleasesService {
  readonly pointers: PointerStore;
  /** The shell pages are made from: its live release, or its own build. */
  shell(): Promise<LiveShell>;
  /** remotes.json as a page loaded now composes it: each remote's live release, or its own build (of the live shell, when given). */
  remotes(shell?: LiveShell): Promise<Record<string, string>>;
  /** A remote's kept releases, newest first, the live one marked. */
  list(remote: string): Promise<ReleaseLine[]>;
  /** Makes the release before the live one live again (no build). */
  rollback(remote: string): Promise<LivePointer>;
  /** Runs when another instance (or this one) moved a pointer: the deployment is looked at again now. */
  onSwitch(listener: () => void): void;
  /**
   * Keeps the builds this instance was started with as each front end's release zero, where none
   * is kept yet (zero.ts). Runs once: later calls answer the same run.
   */
  recordStartingBuilds(): Promise<StartingBuilds>;
}

declare module 'fastify' {
  interface FastifyInstance {
    releases: ReleasesService;
  }
}

/** Each remote's releases as this instance serves them (decisions 056, 057). */
export const releasesPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, database } = app;
    const pointers = pointersOf(database, config.RELEASES_DIR);
    const site = { webRoot: config.WEB_ROOT, releasesDir: config.RELEASES_DIR, pointers };
    const folders = { webRoot: config.WEB_ROOT, releasesDir: config.RELEASES_DIR };
    const listeners: (() => void)[] = [];
    const switched = () => {
      for (const listener of listeners) listener();
    };

    if (database.kind === 'postgres' && database.listen) {
      // A missed notification is caught up by the deployment's own look, at most half a second later.
      const stop = await database.listen(RELEASES_CHANNEL, switched, switched);
      app.addHook('onClose', async () => stop());
    }

    const missing = new Set<string>();
    /**
     * The live shell, unless its folder is not on this instance (RELEASES_DIR not shared, or removed):
     * then this instance keeps serving its own build, which every page can be made from, and says so
     * once per version, rather than answering 500 for every page.
     */
    const shell = async (): Promise<LiveShell> => {
      const live = await liveShell(folders, pointers);
      if (live.version === null) return live;
      try {
        await access(path.join(live.folder, 'index.html'));
        return live;
      } catch {
        if (!missing.has(live.version)) app.log.error({ version: live.version, folder: live.folder }, 'the live shell release is missing here; serving the own build');
        missing.add(live.version);
        return ownShell(folders);
      }
    };

    const remoteMissing = (remote: string, version: string) => {
      if (!missing.has(`${remote}/${version}`)) app.log.warn({ remote, version }, "a live release's files are missing here; serving the remote's own build");
      missing.add(`${remote}/${version}`);
    };

    let starting: Promise<StartingBuilds> | undefined;
    const closing = new AbortController();
    const reported = (result: StartingBuilds) => {
      if (Object.keys(result.recorded).length > 0) app.log.info({ releases: result.recorded }, 'the builds this site was started with are kept as release zero');
      for (const [remote, reason] of Object.entries(result.failed)) app.log.warn({ remote, reason }, 'release zero was not kept; it is tried again at the next start');
      return result;
    };
    const recordStarting = () =>
      (starting ??= recordStartingBuilds(
        { ...site, baseUrl: config.RELEASES_BASE_URL, publish: config.RELEASES_PUBLISH },
        { signal: closing.signal, onWait: (remote) => app.log.info({ remote }, 'release zero waits for the release under way') },
      ).then(reported));
    // A copy under way finishes (half made, it would be left as a candidate folder); a wait for the lock ends.
    app.addHook('onClose', async () => {
      closing.abort();
      await starting;
    });

    app.decorate('releases', {
      pointers,
      shell,
      remotes: async (of) => liveRemotes(folders, pointers, config.RELEASES_BASE_URL, of ?? (await shell()), remoteMissing),
      list: (remote) => releasesOf(site, remote),
      async rollback(remote) {
        const pointer = await rollback(site, remote);
        switched();
        return pointer;
      },
      onSwitch(listener) {
        listeners.push(listener);
      },
      recordStartingBuilds: recordStarting,
    } satisfies ReleasesService);
  },
  { name: 'releases', dependencies: ['config', 'database'] },
);

/**
 * Where this instance serves the front ends, the builds it serves are kept as their release zero
 * once it is ready: in the background, copied and hashed (no render), so neither the start nor the
 * first pages wait for it.
 */
export const startingBuildsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onReady', async () => {
      void app.releases.recordStartingBuilds();
    });
  },
  { name: 'release-zero', dependencies: ['releases', 'lifecycle'] },
);
