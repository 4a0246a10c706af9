import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** A visit not yet written: the post, the day and the visitor's daily hash. */
interface PendingView {
  blogId: string;
  day: string;
  visitor: string;
}

/** Rows per statement when writing views (three parameters each). */
const BATCH = 1000;
/** Visitors remembered for the day; past it the database alone tells repeat visits apart. */
const MAX_SEEN = 100_000;
/** Visitors whose id is remembered for the day; past it ids are computed again. */
const MAX_IDS = 10_000;
const DAY_MS = 86_400_000;

let utcToday = { day: '', from: 0, to: 0 };

/** Today's date in UTC (YYYY-MM-DD), formatted once a day rather than on every visit. */
export function utcDay(): string {
  const now = Date.now();
  if (now < utcToday.from || now >= utcToday.to) {
    const day = new Date(now).toISOString().slice(0, 10);
    const from = Date.parse(day);
    utcToday = { day, from, to: from + DAY_MS };
  }
  return utcToday.day;
}

/**
 * Who reads: the client's address (as Fastify's `request.ip` works it out), only ever stored as a
 * daily HMAC (see VisitorIds). Not the user agent: anyone may change it at will, and each change
 * would count again.
 */
export interface Visitor {
  ip: string;
}

/**
 * Visitors as an HMAC of their address under the day's key, so that no clear-text identity is
 * stored. A visitor's id is computed once a day, not on every visit.
 */
export class VisitorIds {
  private key: { day: string; secret: string } | undefined;
  private loading: { day: string; secret: Promise<string> } | undefined;
  private ids = new Map<string, string>();

  /** `keyOf` answers the day's key, made once by whichever instance asks first. */
  constructor(private readonly keyOf: (day: string) => Promise<string>) {}

  /** The visitor's id under the day's key: at once when the key is loaded, else once it is. */
  idOf(day: string, visitor: Visitor): string | Promise<string> {
    const raw = visitor.ip;
    const { key } = this;
    if (key?.day !== day) return this.load(day).then((secret) => hmac(secret, raw));
    const known = this.ids.get(raw);
    if (known !== undefined) return known;
    const id = hmac(key.secret, raw);
    if (this.ids.size >= MAX_IDS) this.ids.clear();
    this.ids.set(raw, id);
    return id;
  }

  /** Visitors whose id is remembered. */
  get size(): number {
    return this.ids.size;
  }

  /** The day's key; concurrent calls for one day share one load, and a failed load is tried again. */
  private load(day: string): Promise<string> {
    if (this.loading?.day === day) return this.loading.secret;
    const secret: Promise<string> = this.keyOf(day).then((loaded) => {
      // Kept unless a later load was asked for meanwhile (around midnight).
      if (this.loading?.secret === secret) {
        this.key = { day, secret: loaded };
        this.ids = new Map();
      }
      return loaded;
    });
    this.loading = { day, secret };
    secret.catch(() => {
      if (this.loading?.secret === secret) this.loading = undefined;
    });
    return secret;
  }
}

const hmac = (secret: string, raw: string) => createHmac('sha256', secret).update(raw).digest('base64url');

/**
 * Blog views counted in memory and written in batches, so that a view (the page's beacon) writes
 * nothing at once.
 * Each flush records the day's (post, visitor) pairs in `blog_views` and adds to `views_count` only
 * the pairs that were new there (`views_count + n`): instances sharing a database each add their
 * own, and a visitor seen by two instances on one day counts once.
 */
export class ViewCounter {
  /** Pairs counted today by this instance (written or not): a repeat visit costs nothing. */
  private seen = new Set<string>();
  private seenDay = '';
  private pending = new Map<string, PendingView>();
  /** Views of each post not yet in the database (pending and being written). */
  private readonly unwritten = new Map<string, number>();
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  /** Counts the visit unless this visitor was counted for this post today; true when counted. */
  record(blogId: string, day: string, visitor: string): boolean {
    if (day !== this.seenDay || this.seen.size >= MAX_SEEN) {
      this.seen = new Set();
      this.seenDay = day;
    }
    const key = `${blogId}\n${day}\n${visitor}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    this.pending.set(key, { blogId, day, visitor });
    this.unwritten.set(blogId, (this.unwritten.get(blogId) ?? 0) + 1);
    return true;
  }

  /** Views of the post counted here and not yet written: answers add them to the stored count. */
  unwrittenOf(blogId: string): number {
    return this.unwritten.get(blogId) ?? 0;
  }

  /** Views waiting to be written. */
  get size(): number {
    return this.pending.size;
  }

  /** Writes the views counted so far; concurrent calls wait for one another. */
  flush(): Promise<void> {
    const next = this.flushing.then(() => this.write());
    this.flushing = next.catch(() => undefined);
    return next;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const views = [...this.pending.values()];
    this.pending = new Map();
    let written = 0;
    try {
      for (; written < views.length; written += BATCH) {
        const batch = views.slice(written, written + BATCH);
        const rows = sql.join(
          batch.map((view) => sql`(${view.blogId}::uuid, ${view.day}::date, ${view.visitor}::text)`),
          sql`, `,
        );
        // Only pairs new to blog_views count: another instance may have written the same visitor.
        await this.db.execute(sql`
          WITH visit (blog_id, day, visitor) AS (VALUES ${rows}),
          counted AS (
            INSERT INTO blog_views (blog_id, day, visitor)
            SELECT visit.blog_id, visit.day, visit.visitor FROM visit
            JOIN blogs ON blogs.id = visit.blog_id AND blogs.status = 'published' AND blogs.deleted_at IS NULL AND coalesce(blogs.published_at <= now(), true)
            ON CONFLICT DO NOTHING
            RETURNING blog_id
          )
          UPDATE blogs SET views_count = blogs.views_count + added.n
          FROM (SELECT blog_id, count(*)::int AS n FROM counted GROUP BY blog_id) AS added
          WHERE blogs.id = added.blog_id`);
        for (const view of batch) this.forget(view.blogId);
      }
    } catch (error) {
      // The views of the failed batch and after it wait for the next flush.
      for (const view of views.slice(written)) this.pending.set(`${view.blogId}\n${view.day}\n${view.visitor}`, view);
      throw error;
    }
  }

  private forget(blogId: string): void {
    const left = (this.unwritten.get(blogId) ?? 0) - 1;
    if (left > 0) this.unwritten.set(blogId, left);
    else this.unwritten.delete(blogId);
  }
}
