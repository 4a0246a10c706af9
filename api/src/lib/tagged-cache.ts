/** What a kept value is made of; `'*'` stands for everything. */
export type CacheTag = 'blogs' | 'events' | 'packages' | 'sitemap' | '*' | (string & {});

interface Entry<V> {
  value: V;
  tags: readonly CacheTag[];
}

/**
 * Values by key, each with the tags of what it was made from, at most `maxEntries` (the oldest go
 * first). A version per tag lets a caller keep only what no write overtook: take `version(tags)`
 * before computing a value and pass it to `set`, which drops the value if one of its tags was
 * invalidated meanwhile (the value may predate the write).
 */
export class TaggedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly versions = new Map<CacheTag, number>();
  private allVersion = 0;

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** The version of these tags now; a later `set` with it keeps the value only if none changed. */
  version(tags: readonly CacheTag[]): number {
    return tags.reduce((sum, tag) => sum + (this.versions.get(tag) ?? 0), this.allVersion);
  }

  /** Keeps the value unless `since` (from `version`) is stale; true when kept. */
  set(key: string, value: V, tags: readonly CacheTag[], since = this.version(tags)): boolean {
    if (since !== this.version(tags)) return false;
    this.entries.delete(key);
    // A Map iterates in insertion order: the first key is the oldest.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, tags });
    return true;
  }

  /** Forgets every value made of one of `tags` (`'*'`: all of them). */
  invalidate(tags: readonly CacheTag[]): void {
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
