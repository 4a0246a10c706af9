import { access } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storedSecret } from '../../db/settings';
import { isHttps } from '../auth/site-origin';
import { pointersOf, RELEASES_CHANNEL } from './pointers';
import { promote, releasesOf, rollback, type ReleaseLine, type RolledBack } from './operations';
import {
  BUCKET_COOKIE,
  BUCKET_MAX_AGE_S,
  bucketCookieValue,
  newBucket,
  PREVIEW_COOKIE,
  PREVIEW_MAX_AGE_S,
  previewCookieValue,
  readBucket,
  readPreview,
  sideOfBucket,
  type Side,
} from './sides';
import { listReleases, liveRemotes, liveShell, ownShell, type LiveShell, type LivePointer, type PointerStore } from './store';
import { candidatePointers, running, trialsOf, type Trial, type TrialStore } from './trials';
import { ownBuildRelease, recordStartingBuilds, type StartingBuilds } from './zero';

/** The side a request is on, and whether it is an admin's preview (answered to them alone). */
export interface RequestSide {
  side: Side;
  preview: boolean;
}

export interface ReleasesService {
  readonly pointers: PointerStore;
  readonly trials: TrialStore;
  /** The shell pages are made from: its live release, or its own build (the candidate's side of a trial, given its pointers). */
  shell(pointers?: PointerStore): Promise<LiveShell>;
  /** remotes.json as a page loaded now composes it: each remote's live release, or its own build (of the live shell, when given). */
  remotes(shell?: LiveShell, pointers?: PointerStore): Promise<Record<string, string>>;
  /** A remote's kept releases, newest first, the live one marked. */
  list(remote: string): Promise<ReleaseLine[]>;
  /** The release the build WEB_ROOT serves as the remote's own was kept as (release zero), or null. */
  ownBuild(remote: string): Promise<string | null>;
  /** Ends a trial of the remote, or makes the release before the live one live again (no build). */
  rollback(remote: string, ended?: Trial['ended'] & { version: string }): Promise<RolledBack>;
  /** Makes a kept release live after the manifest checks; a trial of it ends. */
  promote(remote: string, version: string): Promise<LivePointer>;
  /** The trial that runs (read at most every half second, at once after a switch), or null. */
  trial(): Promise<Trial | null>;
  /** The pointers of a trial's candidate side. */
  candidatePointers(trial: Trial): PointerStore;
  /**
   * The side of a trial this request is on: an admin's preview (their account checked now), else a
   * canary's bucket (its cookie set, renewed or cleared here). Live while nothing runs.
   */
  sideOf(request: FastifyRequest, reply: FastifyReply, trial: Trial | null): Promise<RequestSide>;
  /** The same without the account check: undefined when the request carries a preview cookie. */
  sideNow(request: FastifyRequest, reply: FastifyReply, trial: Trial | null): RequestSide | undefined;
  /** Turns this admin's preview on (their id signed into the cookie) or off. */
  setPreview(request: FastifyRequest, reply: FastifyReply, userId: string | null): void;
  /** Whether the request carries a preview cookie this site signed, still valid (the account is not checked). */
  previewCookieOf(request: FastifyRequest): string | null;
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

/** Each remote's releases as this instance serves them (decision 056). */
export const releasesPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, database } = app;
    const pointers = pointersOf(database, config.RELEASES_DIR);
    const trials = trialsOf(database, config.RELEASES_DIR);
    const site = { webRoot: config.WEB_ROOT, releasesDir: config.RELEASES_DIR, pointers, trials };
    // The canary's bucket and the admin's preview are signed with a key every instance shares.
    const key = await storedSecret(database.db, 'release_side_secret');
    const folders = { webRoot: config.WEB_ROOT, releasesDir: config.RELEASES_DIR };
    const listeners: (() => void)[] = [];
    let trialRead: { at: number; trial: Promise<Trial | null> } | undefined;
    const switched = () => {
      trialRead = undefined;
      for (const listener of listeners) listener();
    };
    const trial = () => {
      if (!trialRead || Date.now() - trialRead.at >= 500) {
        const read = trials.read().then(running);
        // A failed read is tried again by the next request.
        read.catch(() => (trialRead = undefined));
        trialRead = { at: Date.now(), trial: read };
      }
      return trialRead.trial;
    };

    const cookieOptions = (request: FastifyRequest) => ({ httpOnly: true, sameSite: 'lax' as const, secure: isHttps(request, config), path: '/' });
    const cookiesOf = (request: FastifyRequest) => fastifyCookie.parse(request.headers.cookie ?? '');
    const previewCookieOf = (request: FastifyRequest) => readPreview(key, cookiesOf(request)[PREVIEW_COOKIE]);

    /** The canary's side for a visitor: their bucket kept, or drawn and set; the cookie cleared once no canary runs. */
    const bucketSide = (request: FastifyRequest, reply: FastifyReply, running: Trial | null): Side => {
      const value = cookiesOf(request)[BUCKET_COOKIE];
      if (!running || running.kind !== 'canary') {
        if (value !== undefined) reply.header('Set-Cookie', fastifyCookie.serialize(BUCKET_COOKIE, '', { ...cookieOptions(request), maxAge: 0 }));
        return 'live';
      }
      const known = readBucket(key, value);
      const bucket = known?.bucket ?? newBucket();
      const side = sideOfBucket(bucket, running.percent);
      // Renewed when the side it names changed (another share, another canary): the proxy keys pages by it.
      if (known?.side !== side) {
        reply.header('Set-Cookie', fastifyCookie.serialize(BUCKET_COOKIE, bucketCookieValue(key, { bucket, side }), { ...cookieOptions(request), maxAge: BUCKET_MAX_AGE_S }));
      }
      return side;
    };

    // One answer per request: the kept-page hook and the page handler both ask, and a bucket is drawn once.
    const decided = new WeakMap<FastifyRequest, RequestSide>();
    const sideNow: ReleasesService['sideNow'] = (request, reply, running) => {
      const known = decided.get(request);
      if (known) return known;
      if (running && cookiesOf(request)[PREVIEW_COOKIE] !== undefined) return undefined;
      const side: RequestSide = { side: bucketSide(request, reply, running), preview: false };
      decided.set(request, side);
      return side;
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
    const shell = async (by: PointerStore = pointers): Promise<LiveShell> => {
      const live = await liveShell(folders, by);
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
      trials,
      shell,
      remotes: async (of, by = pointers) => liveRemotes(folders, by, config.RELEASES_BASE_URL, of ?? (await shell(by)), remoteMissing),
      list: (remote) => releasesOf(site, remote),
      ownBuild: async (remote) => ownBuildRelease(site, remote, await listReleases(site.releasesDir, remote)),
      async rollback(remote, ended) {
        const pointer = await rollback(site, remote, ended);
        switched();
        return pointer;
      },
      async promote(remote, version) {
        const pointer = await promote(site, remote, version);
        switched();
        return pointer;
      },
      trial,
      candidatePointers: (of) => candidatePointers(pointers, of),
      async sideOf(request, reply, running) {
        const now = sideNow(request, reply, running);
        if (now) return now;
        // The preview is an admin's: the signed cookie names the account, which must still be an admin's.
        const userId = previewCookieOf(request);
        const user = userId && app.hasDecorator('users') ? await app.users.findById(userId) : undefined;
        const side: RequestSide = user?.role === 'admin' ? { side: 'candidate', preview: true } : { side: bucketSide(request, reply, running), preview: false };
        decided.set(request, side);
        return side;
      },
      sideNow,
      setPreview(request, reply, userId) {
        reply.header(
          'Set-Cookie',
          fastifyCookie.serialize(PREVIEW_COOKIE, userId ? previewCookieValue(key, userId) : '', { ...cookieOptions(request), maxAge: userId ? PREVIEW_MAX_AGE_S : 0 }),
        );
      },
      previewCookieOf,
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
