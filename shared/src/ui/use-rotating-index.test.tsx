import { act, renderHook } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRotatingIndex } from './use-rotating-index';

describe('useRotatingIndex', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('moves to the next item every interval and wraps around', () => {
    const { result } = renderHook(() => useRotatingIndex(3, 1000));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(0);
  });

  it('stays put in a hidden tab', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { result } = renderHook(() => useRotatingIndex(3, 1000));
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(0);
  });

  it('does not move with fewer than two items, and stays in range when the list shrinks', () => {
    const { result, rerender } = renderHook(({ count }) => useRotatingIndex(count, 1000), { initialProps: { count: 4 } });
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe(3);
    rerender({ count: 2 });
    expect(result.current).toBe(1);
    rerender({ count: 1 });
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe(0);
  });

  it('stops while the element that shows it is off screen, and goes on when it is back', () => {
    let report: (entries: { isIntersecting: boolean }[]) => void = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const ref = createRef<Element>() as { current: Element | null };
    ref.current = document.createElement('section');
    const { result } = renderHook(() => useRotatingIndex(3, 1000, ref));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(1);
    act(() => report([{ isIntersecting: false }]));
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(1);
    act(() => report([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(2);
    vi.unstubAllGlobals();
  });
});
