import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAGE_WAIT_MS, firstPageSettled, remoteModuleForPath, setFirstPage } from './first-page';

// The page goes live when the test says so.
const live = vi.hoisted(() => {
  let mark: () => void = () => undefined;
  const state = { promise: new Promise<void>((resolve) => (mark = resolve)), mark: () => mark() };
  return state;
});
vi.mock('@site/shared/remote', async (original) => ({ ...(await original<object>()), whenLive: () => live.promise }));

describe('the remote a first page needs', () => {
  it.each([
    ['/', 'mfe_marketing/HomePage'],
    ['/services/ai-chatbots', 'mfe_marketing/ServicePage'],
    ['/terms', 'mfe_marketing/PolicyPage'],
    ['/contact', 'mfe_marketing/ContactPage'],
    ['/community', 'mfe_community/CommunityPage'],
    ['/blog/a-post', 'mfe_community/BlogPage'],
    ['/event/an-event', 'mfe_community/EventPage'],
    ['/packages/a-package', 'mfe_commerce/PackagePage'],
  ])('%s → %s', (path, id) => {
    expect(remoteModuleForPath(path)).toBe(id);
  });

  it.each(['/admin', '/admin/blogs', '/login', '/orders', '/no-such-page'])('%s preloads nothing', (path) => {
    expect(remoteModuleForPath(path)).toBeNull();
  });
});

describe('waiting for the first page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Whether the promise has settled once pending microtasks have run. */
  async function settled(promise: Promise<void>): Promise<boolean> {
    let done = false;
    void promise.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    return done;
  }

  it('settles when the remote has loaded and the page is live, not before', async () => {
    let load!: () => void;
    setFirstPage(new Promise<void>((resolve) => (load = resolve)));
    const waiting = firstPageSettled();
    expect(await settled(waiting)).toBe(false);
    load();
    expect(await settled(waiting)).toBe(false);
    live.mark();
    expect(await settled(waiting)).toBe(true);
  });

  it('settles, without an error, when the remote fails', async () => {
    setFirstPage(Promise.reject(new Error('remote down')));
    await expect(firstPageSettled()).resolves.toBeUndefined();
  });

  it('stops waiting for a remote that never answers', async () => {
    setFirstPage(new Promise<void>(() => undefined));
    const waiting = firstPageSettled();
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_WAIT_MS - 1);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });
});
