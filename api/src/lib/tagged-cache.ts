/** What a kept value is made of; `'*'` stands for everything. */
export type CacheTag = 'blogs' | 'events' | 'packages' | 'sitemap' | '*' | (string & {});

interface Entry<V> {
  value: V;
  tags: readonly CacheTag[];
  bytes: number;
}

export interface ByteBound<V> {
  /** The most bytes all kept values may take together. */
  maxBytes: number;
  /** The bytes a value takes now (it may grow, e.g. by compressed forms: see `resized`). */
  sizeOf: (value: V) => number;
}

/**
 * Values by key, each with the tags of what it was made from, at most `maxEntries` (the oldest go
 * first) and, with a byte bound, at most `maxBytes` together (the oldest go first too). A version
 * per tag lets a caller keep only what no write overtook: take `version(tags)` before computing a
 * value and pass it to `set`, which drops the value if one of its tags was invalidated meanwhile
 * (the value may predate the write).
 */
export class TaggedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly versions = new Map<CacheTag, number>();
  private allVersion = 0;
  private totalBytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly bound?: ByteBound<V>,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The bytes the kept values take (0 without a byte bound). */
  get bytes(): number {
    return this.totalBytes;
  }

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** The version of these tags now; a later `set` with it keeps the value only if none changed. */
  version(tags: readonly CacheTag[]): number {
    return tags.reduce((sum, tag) => sum + (this.versions.get(tag) ?? 0), this.allVersion);
  }

  /** Keeps the value unless `since` (from `version`) is stale or it alone is over the byte bound; true when kept. */
  set(key: string, value: V, tags: readonly CacheTag[], since = this.version(tags)): boolean {
    if (since !== this.version(tags)) return false;
    this.remove(key);
    const bytes = this.bound ? this.bound.sizeOf(value) : 0;
    if (this.bound && bytes > this.bound.maxBytes) return false;
    // A Map iterates in insertion order: the first key is the oldest.
    while (this.entries.size >= this.maxEntries || (this.bound && this.totalBytes + bytes > this.bound.maxBytes)) {
      this.remove(this.entries.keys().next().value!);
    }
    this.entries.set(key, { value, tags, bytes });
    this.totalBytes += bytes;
    return true;
  }

  /** The kept `value` under `key` grew (or shrank): counts it again, forgetting the oldest others while over the bound. */
  resized(key: string, value: V): void {
    const entry = this.entries.get(key);
    if (!this.bound || entry?.value !== value) return;
    const bytes = this.bound.sizeOf(value);
    this.totalBytes += bytes - entry.bytes;
    entry.bytes = bytes;
    for (const oldest of this.entries.keys()) {
      if (this.totalBytes <= this.bound.maxBytes) return;
      if (oldest !== key) this.remove(oldest);
    }
    if (this.totalBytes > this.bound.maxBytes) this.remove(key);
  }

  /** Forgets every value made of one of `tags` (`'*'`: all of them). */
  invalidate(tags: readonly CacheTag[]): void {
    if (tags.includes('*')) {
      this.allVersion += 1;
      this.entries.clear();
      this.totalBytes = 0;
      return;
    }
    for (const tag of tags) this.versions.set(tag, (this.versions.get(tag) ?? 0) + 1);
    for (const [key, entry] of this.entries) {
      if (entry.tags.some((tag) => tags.includes(tag))) this.remove(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }
}
