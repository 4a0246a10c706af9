import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { sql } from 'drizzle-orm';
import { PublicCacheStore, requestKey, type PublicCacheTag, type WireAnswer } from './store';

export type { PublicCacheTag } from './store';

/** The NOTIFY channel on which instances tell each other what to forget. */
export const INVALIDATE_CHANNEL = 'public_cache_invalidate';

/** Browsers and shared caches may keep a public answer briefly; the ETag makes revalidation cheap. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';

export interface PublicCacheRouteOptions {
  /** What the answer is made of: a write to any of these forgets it. */
  tags: PublicCacheTag[];
  /** Requests the cache must leave alone, e.g. a read that is itself counted. */
  skip?: (request: FastifyRequest) => boolean;
  /** The route shows admins more (drafts): shared caches must key its answers by Authorization. */
  variesForAdmins?: boolean;
}

type OnSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;

export interface PublicCache {
  /**
   * Hooks for a public GET route: its 200 answers to requests without credentials are kept
   * serialized and served with an ETag (304 when it matches). Any request with an Authorization
   * header is answered fresh and marked private (an admin may see drafts). A kept answer is sent
   * before the request is validated: only a URL that was answered 200 before is ever kept.
   */
  route(options: PublicCacheRouteOptions): { onRequest: onRequestHookHandler; onSend: OnSend };
  /**
   * Call after every write that changes what the public sees: forgets the answers made of `tags`
   * on this instance at once and, on PostgreSQL, on every other instance (LISTEN/NOTIFY).
   */
  invalidate(...tags: PublicCacheTag[]): Promise<void>;
  /** Runs after each invalidation, local or from another instance (e.g. the server-rendered HTML cache). */
  onInvalidate(listener: (tags: PublicCacheTag[]) => void): void;
  /**
   * Answers a request from the kept answers, as it arrives from Node and before Fastify sees it;
   * false when it has to go through Fastify (not a plain GET, credentials, nothing kept, shutting down).
   */
  serveKept(request: IncomingMessage, response: ServerResponse): boolean;
  readonly size: number;
}

export interface PublicCacheOptions {
  /** Writes the request log line of an answer served by `serveKept` (Fastify writes the others). */
  logServed?: (request: IncomingMessage, statusCode: number, startedAt: number) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
  interface FastifyContextConfig {
    publicCacheTags?: PublicCacheTag[];
  }
}

const etagOf = (payload: string) => `"${createHash('sha1').update(payload).digest('base64url').slice(0, 22)}"`;

/** Set by Node itself, per answer or per connection, or never replayed to someone else. */
const NOT_KEPT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'set-cookie']);
/** What a 304 leaves out: it has no body (RFC 9110, 15.4.5). */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding']);

/** The answer as Fastify is about to send it, in the form a lane before Fastify replays. */
export function wireAnswer(reply: FastifyReply, payload: string | Buffer): WireAnswer {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  const ok: string[] = [];
  const notModified: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || NOT_KEPT.has(name)) continue;
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    ok.push(name, text);
    if (!BODY_HEADERS.has(name)) notModified.push(name, text);
  }
  ok.push('content-length', String(body.length));
  return { ok, notModified, body };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

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
  async (app: FastifyInstance, { logServed }: PublicCacheOptions) => {
    const store = new PublicCacheStore();
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
      route: ({ tags, skip, variesForAdmins = false }) => ({
        onRequest: (request, reply, done) => {
          if (skip?.(request)) return done();
          if (request.headers.authorization) {
            reply.header('Cache-Control', 'private, no-store');
            if (variesForAdmins) reply.header('Vary', 'Authorization');
            return done();
          }
          const key = requestKey(request.raw);
          const entry = store.get(key);
          if (!entry) {
            (request as WithState)[STATE] = { key, version: store.version(tags), tags };
            return done();
          }
          reply.header('ETag', entry.etag).header('Cache-Control', entry.cacheControl);
          if (entry.vary) reply.header('Vary', entry.vary);
          if (matches(request.headers['if-none-match'], entry.etag)) reply.code(304).send();
          else reply.type(entry.contentType).send(entry.payload);
        },
        onSend: async (request, reply, payload) => {
          const state = (request as WithState)[STATE];
          if (!state || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
          (request as WithState)[STATE] = undefined;
          const etag = etagOf(payload);
          const cacheControl = String(reply.getHeader('Cache-Control') ?? PUBLIC_CACHE_CONTROL);
          const vary = reply.getHeader('Vary') ? String(reply.getHeader('Vary')) : variesForAdmins ? 'Authorization' : '';
          reply.header('ETag', etag).header('Cache-Control', cacheControl);
          if (vary) reply.header('Vary', vary);
          // An answer computed while a write landed may be stale: serve it, do not keep it.
          if (store.version(state.tags) === state.version) {
            store.set(state.key, {
              payload,
              etag,
              cacheControl,
              vary,
              contentType: String(reply.getHeader('Content-Type') ?? 'application/json; charset=utf-8'),
              tags: state.tags,
              wire: wireAnswer(reply, payload),
            });
          }
          if (matches(request.headers['if-none-match'], etag)) {
            reply.code(304);
            return '';
          }
          return payload;
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

      // Fastify's routing, hooks, request object and logger cost twice what Node's own sending of
      // a kept answer does (decision 027). Only what the route's own hook would answer from the
      // store is answered here, with the headers Fastify sent the first time; the rest goes on.
      serveKept(request, response) {
        const { headers } = request;
        if (request.method !== 'GET' || headers.authorization !== undefined) return false;
        // A GET with a body, or the shutdown (connections.ts closes each connection after its answer).
        if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined || !app.server.listening) return false;
        const entry = store.get(requestKey(request));
        if (!entry) return false;
        const startedAt = performance.now();
        if (matches(headers['if-none-match'], entry.etag)) {
          response.writeHead(304, entry.wire.notModified).end();
        } else {
          response.writeHead(200, entry.wire.ok).end(entry.wire.body);
        }
        logServed?.(request, response.statusCode, startedAt);
        return true;
      },

      get size() {
        return store.size;
      },
    };
    app.decorate('publicCache', cache);
  },
  { name: 'public-cache', dependencies: ['database'] },
);
