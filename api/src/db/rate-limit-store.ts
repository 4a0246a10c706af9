import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from './database';
import { rateLimits } from './tables';

/** What @fastify/rate-limit expects back from a store: hits in the window and ms until it resets. */
interface Hits {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Hits) => void;

// Both computed by the database clock, so instances with skewed clocks agree on every window.
const ttlMs = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))::float8`;
const expired = sql`${rateLimits.resetAt} <= now()`;

/** One hit on `key`: a single atomic upsert, so concurrent hits on any instance are all counted. */
export async function hitRateLimit(db: Db, key: string, windowMs: number): Promise<Hits> {
  const resetAt = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${expired} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ current: rateLimits.count, ttl: ttlMs });
  return { current: row!.current, ttl: Number(row!.ttl) };
}

/** The current state of `key` without counting a hit. */
export async function readRateLimit(db: Db, key: string): Promise<Hits> {
  const [row] = await db
    .select({ current: rateLimits.count, ttl: ttlMs })
    .from(rateLimits)
    .where(sql`${eq(rateLimits.key, key)} AND NOT (${expired})`);
  return row ? { current: row.current, ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
}

/** Drops windows that are over; returns how many. */
export async function deleteExpiredRateLimits(db: Db): Promise<number> {
  return (await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`)).returning({ key: rateLimits.key })).length;
}

/**
 * A store class for @fastify/rate-limit (it instantiates `store` itself, so the database is bound
 * here). The plugin derives one child per route limit and per `createRateLimit`; each child
 * prefixes its keys so that one address counts separately on every route.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      hitRateLimit(db, this.prefix + key, timeWindow).then((hits) => callback(null, hits), callback);
    }

    read(key: string, callback: Callback): void {
      readRateLimit(db, this.prefix + key).then((hits) => callback(null, hits), callback);
    }

    // Typed as the plugin declares it; at run time it passes the merged limit options with `routeInfo`.
    child(routeOptions: object): DatabaseRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      // A route limit keys by client address: name the route. Limiters made with
      // createRateLimit have no route and name their keys themselves (`login:<username>`).
      const scope = route?.url ? `${[route.method].flat().join(',')} ${route.url}|` : 'limiter|';
      return new DatabaseRateLimitStore(undefined, scope);
    }
  };
}
