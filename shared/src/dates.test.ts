import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatIstDate, formatLocalDate, formatWhen, istLocalIso, zoneName, type DateStyle } from './dates';

const INDIA: DateStyle = { order: 'day-month', meridiem: 'am' };
const BOOKING: DateStyle = { order: 'month-day', meridiem: 'AM' };
const INSTANTS = ['2027-03-01T10:00:00.000Z', '2026-01-05T03:35:00Z', '2026-06-30T18:30:00Z', '2026-06-30T06:30:00Z', '2026-06-30T18:29:00Z', '2024-02-28T20:00:00Z'];
const DAY = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Kolkata' } as const;
const TIME = { hour: 'numeric', minute: '2-digit', hour12: true } as const;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('dates without Intl', () => {
  it('writes India’s date and time as en-IN and en-US do, across midnight, noon and a leap day', () => {
    const inIndia = new Intl.DateTimeFormat('en-IN', { ...DAY, ...TIME, timeZoneName: 'short' });
    const inUs = new Intl.DateTimeFormat('en-US', { ...DAY, ...TIME });
    const plain = (text: string) => text.replace(/\s/g, ' ');
    for (const iso of INSTANTS) {
      expect(formatIstDate(iso, INDIA, true)).toBe(plain(inIndia.format(new Date(iso))));
      expect(formatIstDate(iso, INDIA, false)).toBe(new Intl.DateTimeFormat('en-IN', DAY).format(new Date(iso)));
      expect(formatIstDate(iso, BOOKING, true)).toBe(`${plain(inUs.format(new Date(iso)))} IST`);
      expect(formatIstDate(iso, BOOKING, false)).toBe(new Intl.DateTimeFormat('en-US', DAY).format(new Date(iso)));
    }
    expect(formatIstDate('2027-03-01T10:00:00.000Z', INDIA, true)).toBe('1 March 2027 at 3:30 pm IST');
    expect(formatIstDate('2026-12-02T04:30:00Z', BOOKING, true)).toBe('December 2, 2026 at 10:00 AM IST');
    expect(formatIstDate('2026-06-30T18:30:00Z', INDIA, true)).toBe('1 July 2026 at 12:00 am IST');
  });

  it('writes the visitor’s own zone, naming it by its offset', () => {
    vi.stubEnv('TZ', 'America/New_York');
    expect(formatLocalDate('2027-03-01T10:00:00.000Z', INDIA, true)).toBe('1 March 2027 at 5:00 am GMT-5');
    expect(formatLocalDate('2027-07-01T10:00:00.000Z', BOOKING, true)).toBe('July 1, 2027 at 6:00 AM GMT-4');
    expect(formatLocalDate('2027-03-01T03:00:00.000Z', INDIA, false)).toBe('28 February 2027');
    vi.stubEnv('TZ', 'Asia/Kolkata');
    expect(formatLocalDate('2027-03-01T10:00:00.000Z', INDIA, true)).toBe('1 March 2027 at 3:30 pm IST');
    vi.stubEnv('TZ', 'Asia/Kathmandu');
    expect(formatLocalDate('2027-03-01T10:00:00.000Z', INDIA, true)).toBe('1 March 2027 at 3:45 pm GMT+5:45');
    vi.stubEnv('TZ', 'UTC');
    expect(formatLocalDate('2027-03-01T00:05:00.000Z', BOOKING, true)).toBe('March 1, 2027 at 12:05 AM UTC');
  });

  it('names zones by offset', () => {
    expect([330, 0, -300, 60, 345, -570].map(zoneName)).toEqual(['IST', 'UTC', 'GMT-5', 'GMT+1', 'GMT+5:45', 'GMT-9:30']);
  });

  it('never builds an Intl formatter, whose first use on a page costs tens of milliseconds', () => {
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    for (const iso of INSTANTS) for (const style of [INDIA, BOOKING]) for (const withTime of [true, false]) {
      formatIstDate(iso, style, withTime);
      formatLocalDate(iso, style, withTime);
    }
    expect(built).not.toHaveBeenCalled();
  });

  it('leaves a value that is not a date as it came', () => {
    expect(formatIstDate('soon', INDIA, true)).toBe('soon');
    expect(formatLocalDate('soon', BOOKING, true)).toBe('soon');
  });

  it("writes India's wall clock for machines: exports, datetime-local inputs, day keys", () => {
    expect(istLocalIso('2026-12-01T10:15:30.000Z')).toBe('2026-12-01T15:45:30');
    expect(istLocalIso(new Date('2026-12-31T18:30:00.000Z'))).toBe('2027-01-01T00:00:00');
    expect(istLocalIso(Date.UTC(2026, 11, 31, 18, 29))).toBe('2026-12-31T23:59:00');
    expect(istLocalIso('soon')).toBeNull();
  });

  it('takes a Date as its ISO text', () => {
    expect(formatWhen(new Date('2027-03-01T10:00:00.000Z'))).toBe(formatWhen('2027-03-01T10:00:00.000Z'));
  });
});
