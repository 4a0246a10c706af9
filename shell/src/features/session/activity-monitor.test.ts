import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startActivityMonitor } from './activity-monitor';

const MINUTE = 60_000;

describe('activity monitor', () => {
  let onIdle: ReturnType<typeof vi.fn<() => void>>;
  let onResume: ReturnType<typeof vi.fn<() => void>>;
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    // Shared by the tabs, so one test's clock must not leak into the next.
    localStorage.clear();
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

  it('logs out, and does not refresh, on the first activity after a gap of 60 minutes (the machine slept)', () => {
    act('keydown');
    // Asleep: the clock moves on but no timer runs.
    vi.setSystemTime(Date.now() + 60 * MINUTE);
    act('mousemove');
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(onResume).not.toHaveBeenCalled();
  });

  it('still refreshes after a gap just under 60 minutes', () => {
    vi.setSystemTime(Date.now() + 60 * MINUTE - 1);
    act('mousemove');
    expect(onResume).toHaveBeenCalledTimes(1);
    expect(onIdle).not.toHaveBeenCalled();
  });

  describe('with another tab', () => {
    // The other tab: its own events, the same localStorage.
    let otherTab: EventTarget;
    let otherIdle: ReturnType<typeof vi.fn<() => void>>;
    let stopOther: () => void;
    beforeEach(() => {
      otherTab = new EventTarget();
      otherIdle = vi.fn<() => void>();
      stopOther = startActivityMonitor({ idleMs: 60 * MINUTE, refreshAfterGapMs: 5 * MINUTE, onIdle: otherIdle, onResume: vi.fn(), target: otherTab });
    });
    afterEach(() => stopOther());

    it('does not log out a tab left alone while the user is active in another one', () => {
      for (let i = 0; i < 12; i++) {
        vi.advanceTimersByTime(10 * MINUTE);
        act('keydown');
      }
      expect(otherIdle).not.toHaveBeenCalled();
      // Once the user stops everywhere, both tabs log out 60 minutes after the last activity.
      vi.advanceTimersByTime(60 * MINUTE - 1);
      expect(otherIdle).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(otherIdle).toHaveBeenCalledTimes(1);
      expect(onIdle).toHaveBeenCalledTimes(1);
    });

    it('does not log out on the first event of a tab left alone while the user was active in another', () => {
      for (let i = 0; i < 7; i++) {
        vi.advanceTimersByTime(10 * MINUTE);
        act('scroll');
      }
      otherTab.dispatchEvent(new Event('mousemove'));
      expect(otherIdle).not.toHaveBeenCalled();
    });
  });
});
