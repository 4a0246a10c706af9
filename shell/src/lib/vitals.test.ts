import { afterEach, describe, expect, it, vi } from 'vitest';

// web-vitals as the library behaves: INP and CLS are reported when the page turns hidden, from a
// capturing listener on the window (it runs before the page's own listeners).
vi.mock('web-vitals', () => {
  const onHidden = (name: string, value: number) => (callback: (metric: { name: string; value: number }) => void) => {
    addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && callback({ name, value }), { capture: true });
  };
  return {
    onINP: onHidden('INP', 88),
    onCLS: onHidden('CLS', 0.02),
    onLCP: (callback: (metric: { name: string; value: number }) => void) => callback({ name: 'LCP', value: 1200 }),
    onTTFB: (callback: (metric: { name: string; value: number }) => void) => callback({ name: 'TTFB', value: 300 }),
  };
});
vi.mock('./remotes-config', () => ({ startRemotesConfigFetch: () => Promise.resolve({}) }));

const setVisibility = (state: DocumentVisibilityState) => Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });

describe("the page's beacon", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setVisibility('visible');
  });

  it('goes when the page is hidden, after web-vitals has reported INP and CLS, even when pagehide came first (leaving by a link)', async () => {
    const beacons: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ sample_rate: 1 }), { status: 200 })));
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: (_url: string, body: string) => beacons.push(body) });
    const { startVitals } = await import('./vitals');
    await startVitals();
    expect(document.documentElement.dataset.vitals).toBe('on');

    // Chrome's order when a page is left by navigating: pagehide, then visibilitychange.
    dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(beacons).toEqual([]);
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));

    expect(beacons).toHaveLength(1);
    const [view] = (JSON.parse(beacons[0]!) as { views: Array<Record<string, unknown>> }).views;
    expect(view).toMatchObject({ lcp: 1.2, ttfb: 0.3, inp: 0.088, cls: 0.02 });
  });
});
