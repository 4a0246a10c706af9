import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startActivityMonitor } from './activity-monitor';

const MINUTE = 60_000;

describe('activity monitor', () => {
  let onIdle: ReturnType<typeof vi.fn<() => void>>;
  let onResume: ReturnType<typeof vi.fn<() => void>>;
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    onIdle = vi.fn<() => void>();
    onResume = vi.fn<() => void>();
    stop = startActivityMonitor({ idleMs: 60 * MINUTE, refreshAfterGapMs: 5 * MINUTE, onIdle, onResume });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  const act = (type: 'mousemove' | 'keydown' | 'scroll') => window.dispatchEvent(new Event(type));

  it('logs out after 60 minutes without activity, once', () => {
    vi.advanceTimersByTime(60 * MINUTE - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it.each(['mousemove', 'keydown', 'scroll'] as const)('%s postpones the idle logout', (type) => {
    vi.advanceTimersByTime(50 * MINUTE);
    act(type);
    vi.advanceTimersByTime(50 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('refreshes when more than 5 minutes passed between two activity events', () => {
    act('mousemove');
    vi.advanceTimersByTime(5 * MINUTE);
    act('mousemove');
    expect(onResume).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * MINUTE + 1);
    act('keydown');
    expect(onResume).toHaveBeenCalledTimes(1);
    act('keydown');
    expect(onResume).toHaveBeenCalledTimes(1);
  });

  it('stops listening once stopped', () => {
    stop();
    vi.advanceTimersByTime(10 * MINUTE);
    act('scroll');
    vi.advanceTimersByTime(120 * MINUTE);
    expect(onResume).not.toHaveBeenCalled();
    expect(onIdle).not.toHaveBeenCalled();
  });
});
