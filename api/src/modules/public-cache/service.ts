import { createHash, randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { isPublicHost, publicOrigin } from '../../lib/origin';
import { TaggedCache, type CacheTag } from '../../lib/tagged-cache';

export type PublicCacheTag = CacheTag;

/** The NOTIFY channel on which instances tell each other what to forget. */
export const INVALIDATE_CHANNEL = 'public_cache_invalidate';

/** Browsers and shared caches may keep a public answer briefly; the ETag makes revalidation cheap. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';

/** Most distinct public URLs the site has are a few hundred; this bounds odd query strings. */
const MAX_ENTRIES = 2000;

export interface PublicCacheRouteOptions {
  /** What the answer is made of: a write to any of these forgets it. */
  tags: PublicCacheTag[];
  /** The route shows admins more (drafts): shared caches must key its answers by Authorization. */
  variesForAdmins?: boolean;
}

type OnSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;

export interface PublicCache {
  /**
   * Hooks for a public GET route: its 200 answers to requests without credentials are kept
   * serialized and served with an ETag (304 when it matches). Any request with an Authorization
   * header is answered fresh and marked private (an admin may see drafts). A kept answer is sent
   * from `onRequest`, before the request is validated: only a URL answered 200 before is kept.
   */
  route(options: PublicCacheRouteOptions): { onRequest: onRequestHookHandler; onSend: OnSend };
  /**
   * Call after every write that changes what the public sees: forgets the answers made of `tags`
   * on this instance at once and, on PostgreSQL, on every other instance (LISTEN/NOTIFY).
   */
  invalidate(...tags: PublicCacheTag[]): Promise<void>;
  /** Runs after each invalidation, local or from another instance (e.g. the server-rendered HTML cache). */
  onInvalidate(listener: (tags: PublicCacheTag[]) => void): void;
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

interface KeptAnswer {
  /**
   * The answer's bytes, encoded once when kept: sending a string encodes it again per request, and
   * a text with any non-ASCII character (a ×, a dash) leaves V8's copying fast path (~15 % of
   * throughput on an 8 KB answer).
   */
  bytes: Buffer;
  etag: string;
  contentType: string;
  cacheControl: string;
  vary: string;
}

export const etagOf = (payload: string | Buffer) => `"${createHash('sha1').update(payload).digest('base64url').slice(0, 22)}"`;

/** Whether `If-None-Match` names this ETag (or any). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/**
 * The key of a public answer: the origin its absolute URLs (RSS, the sitemap) are built from,
 * PUBLIC_URL's or, without it, the request's as Fastify sees it (forwarded headers count only from
 * a trusted proxy); and the URL.
 */
export const requestKey = (config: Pick<Config, 'PUBLIC_URL'>, request: FastifyRequest) => `${publicOrigin(config, request)}${request.url}`;

const STATE = Symbol('publicCacheState');
interface RequestState {
  key: string;
  version: number;
  tags: PublicCacheTag[];
}
type WithState = FastifyRequest & { [STATE]?: RequestState | undefined };

/**
 * In-process cache of serialized public answers (events, blog listings, packages, RSS, sitemap).
 * Modules that write call `app.publicCache.invalidate(tag)`.
 */
export const publicCachePlugin = fp(
  async (app: FastifyInstance) => {
    const store = new TaggedCache<KeptAnswer>(MAX_ENTRIES);
    const instanceId = randomUUID();
    const listeners: ((tags: PublicCacheTag[]) => void)[] = [];
    const forget = (tags: PublicCacheTag[]) => {
      store.invalidate(tags);
      for (const listener of listeners) listener(tags);
    };

    const { database } = app;
    if (database.kind === 'postgres' && database.listen) {
      const stop = await database.listen(
        INVALIDATE_CHANNEL,
        (payload) => {
          try {
            const message = JSON.parse(payload) as { from?: string; tags?: PublicCacheTag[] };
            if (message.from !== instanceId && Array.isArray(message.tags)) forget(message.tags);
          } catch {
            app.log.warn('ignored a malformed public cache notification');
          }
        },
        // Notifications may have been missed while the connection was down: forget everything.
        () => forget(['*']),
      );
      app.addHook('onClose', async () => stop());
    }

    const cache: PublicCache = {
      route: ({ tags, variesForAdmins = false }) => ({
        onRequest: (request, reply, done) => {
          if (request.headers.authorization) {
            reply.header('Cache-Control', 'private, no-store');
            if (variesForAdmins) reply.header('Vary', 'Authorization');
            return done();
          }
          // With PUBLIC_URL set, another host is answered fresh and not kept: made-up hosts must not
          // fill the cache (decision 014). Its answers still carry PUBLIC_URL's links, never the Host.
          if (!isPublicHost(app.config, request)) return done();
          const key = requestKey(app.config, request);
          const entry = store.get(key);
          if (!entry) {
            app.metrics.cacheMiss('public');
            (request as WithState)[STATE] = { key, version: store.version(tags), tags };
            return done();
          }
          app.metrics.cacheHit('public');
          reply.header('ETag', entry.etag).header('Cache-Control', entry.cacheControl);
          if (entry.vary) reply.header('Vary', entry.vary);
          if (etagMatches(request.headers['if-none-match'], entry.etag)) reply.code(304).send();
          else reply.type(entry.contentType).send(entry.bytes);
        },
        onSend: async (request, reply, payload) => {
          const state = (request as WithState)[STATE];
          if (!state || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
          (request as WithState)[STATE] = undefined;
          const bytes = Buffer.from(payload);
          const etag = etagOf(bytes);
          const cacheControl = String(reply.getHeader('Cache-Control') ?? PUBLIC_CACHE_CONTROL);
          const vary = reply.getHeader('Vary') ? String(reply.getHeader('Vary')) : variesForAdmins ? 'Authorization' : '';
          reply.header('ETag', etag).header('Cache-Control', cacheControl);
          if (vary) reply.header('Vary', vary);
          // An answer computed while a write landed may be stale: serve it, do not keep it.
          const contentType = String(reply.getHeader('Content-Type') ?? 'application/json; charset=utf-8');
          store.set(state.key, { bytes, etag, cacheControl, vary, contentType }, state.tags, state.version);
          if (etagMatches(request.headers['if-none-match'], etag)) {
            reply.code(304);
            return '';
          }
          return bytes;
        },
      }),

      async invalidate(...tags) {
        forget(tags);
        if (database.kind !== 'postgres') return;
        try {
          await database.db.execute(sql`SELECT pg_notify(${INVALIDATE_CHANNEL}, ${JSON.stringify({ from: instanceId, tags })})`);
        } catch (error) {
          // The write itself succeeded; other instances catch up at their next invalidation.
          app.log.error({ err: error, tags }, 'could not notify other instances of a public cache invalidation');
        }
      },

      onInvalidate(listener) {
        listeners.push(listener);
      },

      get size() {
        return store.size;
      },
    };
    app.decorate('publicCache', cache);
  },
  { name: 'public-cache', dependencies: ['config', 'database', 'metrics'] },
);
