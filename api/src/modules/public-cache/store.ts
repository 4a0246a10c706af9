import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** What a cached answer is made of; `'*'` forgets everything. */
export type PublicCacheTag = 'blogs' | 'events' | 'packages' | 'sitemap' | '*' | (string & {});

export interface PublicCacheEntry {
  payload: string;
  etag: string;
  contentType: string;
  cacheControl: string;
  vary: string;
  tags: PublicCacheTag[];
  /** The answer as it went on the wire (every header but Node's own), for the lane before Fastify. */
  wire: WireAnswer;
}

/** Headers in Node's flat `[name, value, …]` form, which `writeHead` takes without copying. */
export interface WireAnswer {
  ok: string[];
  /** The same without the body's headers, for a 304. */
  notModified: string[];
  body: Buffer;
}

/**
 * The key of a public answer: the URL and every input from which Fastify works out the origin the
 * request came in on (RSS and the sitemap hold absolute URLs built from it), taken raw. The forwarded
 * headers count with the address they came from, since only a trusted proxy's are believed. Two
 * requests with the same key get the same answer. Header values hold no line break, so none is
 * ambiguous.
 */
export function requestKey(request: IncomingMessage): string {
  const { host = '', 'x-forwarded-host': forwardedHost, 'x-forwarded-proto': forwardedProto } = request.headers;
  const encrypted = (request.socket as Partial<TLSSocket>).encrypted ? 's' : '';
  const forwarded =
    forwardedHost === undefined && forwardedProto === undefined ? '' : `\n${request.socket.remoteAddress}\n${String(forwardedHost)}\n${String(forwardedProto)}`;
  return `${encrypted}\n${host}${forwarded}\n${request.url}`;
}

/** Most distinct public URLs the site has are a few hundred; this bounds odd query strings. */
const MAX_ENTRIES = 2000;

/**
 * Serialized answers by key, and a version per tag: an answer computed before an invalidation of
 * one of its tags is not stored (it may predate the write).
 */
export class PublicCacheStore {
  private readonly entries = new Map<string, PublicCacheEntry>();
  private readonly versions = new Map<PublicCacheTag, number>();
  private allVersion = 0;

  get size(): number {
    return this.entries.size;
  }

  get(key: string): PublicCacheEntry | undefined {
    return this.entries.get(key);
  }

  set(key: string, entry: PublicCacheEntry): void {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }

  version(tags: PublicCacheTag[]): number {
    return tags.reduce((sum, tag) => sum + (this.versions.get(tag) ?? 0), this.allVersion);
  }

  invalidate(tags: PublicCacheTag[]): void {
    if (tags.includes('*')) {
      this.allVersion += 1;
      this.entries.clear();
      return;
    }
    for (const tag of tags) this.versions.set(tag, (this.versions.get(tag) ?? 0) + 1);
    for (const [key, entry] of this.entries) {
      if (entry.tags.some((tag) => tags.includes(tag))) this.entries.delete(key);
    }
  }
}
