import { describe, expect, it } from 'vitest';
import { TaggedCache } from '../src/lib/tagged-cache';

describe('TaggedCache', () => {
  it('forgets the values made of an invalidated tag, and only those', () => {
    const cache = new TaggedCache<string>(10);
    cache.set('/events', 'e', ['events']);
    cache.set('/community', 'c', ['events', 'blogs']);
    cache.set('/privacy', 'p', []);
    cache.invalidate(['blogs']);
    expect([cache.get('/events'), cache.get('/community'), cache.get('/privacy')]).toEqual(['e', undefined, 'p']);
    cache.invalidate(['*']);
    expect(cache.size).toBe(0);
  });

  it('does not keep a value computed while one of its tags was invalidated', () => {
    const cache = new TaggedCache<string>(10);
    const since = cache.version(['events']);
    cache.invalidate(['events']);
    expect(cache.set('/events', 'stale', ['events'], since)).toBe(false);
    expect(cache.get('/events')).toBeUndefined();
    // Another tag's write does not spoil it; neither does an earlier one.
    const now = cache.version(['events']);
    cache.invalidate(['packages']);
    expect(cache.set('/events', 'fresh', ['events'], now)).toBe(true);
    // Forgetting everything spoils every value being computed.
    const before = cache.version(['blogs']);
    cache.invalidate(['*']);
    expect(cache.set('/blogs', 'stale', ['blogs'], before)).toBe(false);
  });

  it('holds at most its bound, the oldest going first', () => {
    const cache = new TaggedCache<number>(3);
    for (let n = 1; n <= 4; n++) cache.set(`/${n}`, n, []);
    expect(cache.size).toBe(3);
    expect(cache.get('/1')).toBeUndefined();
    expect(cache.get('/4')).toBe(4);
  });

  it('keeps the values under a byte bound, forgetting the oldest; a value that grows is counted again', () => {
    const sizes = new Map<string, number>();
    const cache = new TaggedCache<string>(100, { maxBytes: 1000, sizeOf: (value) => sizes.get(value) ?? value.length });
    for (let i = 0; i < 50; i++) cache.set(`/p${i}`, 'x'.repeat(300), []);
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(cache.size).toBe(3);
    expect(cache.get('/p49')).toBeDefined();
    expect(cache.get('/p46')).toBeUndefined();
    // Too large alone: not kept, nothing else forgotten.
    expect(cache.set('/huge', 'y'.repeat(1001), [])).toBe(false);
    expect(cache.size).toBe(3);
    // /p49's value grows (its compressed forms): the oldest others go.
    const grown = 'z'.repeat(10);
    cache.set('/grown', grown, []);
    sizes.set(grown, 900);
    cache.resized('/grown', grown);
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(cache.get('/grown')).toBe(grown);
    expect(cache.size).toBe(1);
    cache.invalidate(['*']);
    expect(cache.bytes).toBe(0);
  });
});
