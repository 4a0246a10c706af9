import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatIst, formatVisitorTime } from './format';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('formatting', () => {
  it('a booked time in IST: month name, day, year, 12-hour time', () => {
    expect(formatIst('2026-12-02T04:30:00Z')).toBe('December 2, 2026 at 10:00 AM IST');
  });

  it("the visitor's own zone, named; nothing when the visitor is on IST", () => {
    vi.stubEnv('TZ', 'Europe/Berlin');
    expect(formatVisitorTime('2026-12-02T04:30:00Z')).toBe('December 2, 2026 at 5:30 AM GMT+1');
    vi.stubEnv('TZ', 'Asia/Kolkata');
    expect(formatVisitorTime('2026-12-02T04:30:00Z')).toBeNull();
  });
});
