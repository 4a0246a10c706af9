import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollSpy } from './use-scroll-spy';

const ids = ['home', 'services', 'about'] as const;
let tops: Record<string, number> = {};
const HEIGHT = 600;

function place(newTops: Record<string, number>, scrollY: number) {
  tops = newTops;
  Object.defineProperty(window, 'scrollY', { value: scrollY, configurable: true });
}

let pendingFrame: FrameRequestCallback | null = null;

beforeEach(() => {
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
    pendingFrame = cb;
    return 1;
  });
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
  for (const id of ids) {
    const el = document.createElement('section');
    el.id = id;
    el.getBoundingClientRect = () => ({ top: tops[id] ?? 0, bottom: (tops[id] ?? 0) + HEIGHT }) as DOMRect;
    document.body.appendChild(el);
  }
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** A scroll event, then the animation frame the hook asked for. */
const scroll = () =>
  act(() => {
    window.dispatchEvent(new Event('scroll'));
    const frame = pendingFrame;
    pendingFrame = null;
    frame?.(0);
  });

describe('useScrollSpy', () => {
  it('is home near the top, then the section whose top is above half the viewport and bottom below 100px', () => {
    place({ home: 0, services: 600, about: 1200 }, 0);
    const { result } = renderHook(() => useScrollSpy(ids, true));
    expect(result.current).toBe('home');

    place({ home: -700, services: -100, about: 500 }, 700); // services: top ≤ 400, bottom 500 ≥ 100
    scroll();
    expect(result.current).toBe('services');

    place({ home: -1000, services: -400, about: 200 }, 1000); // about's top passed half the viewport
    scroll();
    expect(result.current).toBe('about');

    place({ home: -1000, services: -560, about: 450 }, 1000); // services' bottom (40) is above 100px
    scroll();
    expect(result.current).toBe('about');

    place({ home: 0, services: 600, about: 1200 }, 50);
    scroll();
    expect(result.current).toBe('home');
  });

  it('is off away from the home page', () => {
    const { result } = renderHook(() => useScrollSpy(ids, false));
    expect(result.current).toBeNull();
  });
});
