import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { utcDay, VisitorIds } from '../src/modules/blogs/views';

const hmac = (secret: string, ip: string) => createHmac('sha256', secret).update(ip).digest('base64url');
const reader = (n: number) => ({ ip: `10.0.0.${n}` });

/** Keys by day, counting the loads. */
function keys() {
  const loads: string[] = [];
  const ids = new VisitorIds(async (day) => {
    loads.push(day);
    return `secret-of-${day}`;
  });
  return { ids, loads };
}

describe('visitor ids', () => {
  it('waits for the day key once, then answers at once with the same HMAC', async () => {
    const { ids, loads } = keys();
    const first = ids.idOf('2027-03-01', reader(1));
    const second = ids.idOf('2027-03-01', reader(2));
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe(hmac('secret-of-2027-03-01', '10.0.0.1'));
    expect(await second).toBe(hmac('secret-of-2027-03-01', '10.0.0.2'));
    expect(loads).toEqual(['2027-03-01']);

    const again = ids.idOf('2027-03-01', reader(1));
    expect(again).toBe(hmac('secret-of-2027-03-01', '10.0.0.1'));
    expect(ids.idOf('2027-03-01', reader(1))).toBe(again);
    expect(ids.size).toBe(1);
    expect(loads).toEqual(['2027-03-01']);
  });

  it('takes a new key on a new day and forgets the ids of the last', async () => {
    const { ids, loads } = keys();
    await ids.idOf('2027-03-01', reader(1));
    ids.idOf('2027-03-01', reader(1));
    expect(ids.size).toBe(1);
    const next = ids.idOf('2027-03-02', reader(1));
    expect(next).toBeInstanceOf(Promise);
    expect(await next).toBe(hmac('secret-of-2027-03-02', '10.0.0.1'));
    expect(ids.size).toBe(0);
    expect(ids.idOf('2027-03-02', reader(1))).toBe(hmac('secret-of-2027-03-02', '10.0.0.1'));
    expect(loads).toEqual(['2027-03-01', '2027-03-02']);
  });

  it('keeps the later day when an earlier day key arrives last', async () => {
    let release!: (secret: string) => void;
    const ids = new VisitorIds((day) => (day === '2027-03-01' ? new Promise((resolve) => (release = resolve)) : Promise.resolve(`secret-of-${day}`)));
    const late = ids.idOf('2027-03-01', reader(1));
    expect(await ids.idOf('2027-03-02', reader(1))).toBe(hmac('secret-of-2027-03-02', '10.0.0.1'));
    release('secret-of-2027-03-01');
    expect(await late).toBe(hmac('secret-of-2027-03-01', '10.0.0.1'));
    expect(ids.idOf('2027-03-02', reader(2))).toBe(hmac('secret-of-2027-03-02', '10.0.0.2'));
  });

  it('tries a failed key load again on the next visit', async () => {
    let fail = true;
    const ids = new VisitorIds(async (day) => {
      if (fail) throw new Error('database down');
      return `secret-of-${day}`;
    });
    await expect(ids.idOf('2027-03-01', reader(1))).rejects.toThrow('database down');
    fail = false;
    expect(await ids.idOf('2027-03-01', reader(1))).toBe(hmac('secret-of-2027-03-01', '10.0.0.1'));
  });

  it('remembers a bounded number of visitors', async () => {
    const { ids } = keys();
    await ids.idOf('2027-03-01', reader(0));
    for (let n = 0; n < 10_001; n += 1) ids.idOf('2027-03-01', { ip: `10.1.${n >> 8}.${n & 255}` });
    expect(ids.size).toBeLessThanOrEqual(10_000);
    expect(ids.size).toBeGreaterThan(0);
  });
});

describe('utcDay', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows the clock across midnight UTC, forward and back', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2027-03-01T23:59:59.999Z'));
    expect(utcDay()).toBe('2027-03-01');
    vi.setSystemTime(new Date('2027-03-02T00:00:00.000Z'));
    expect(utcDay()).toBe('2027-03-02');
    vi.setSystemTime(new Date('2027-03-02T18:30:00.000Z'));
    expect(utcDay()).toBe('2027-03-02');
    vi.setSystemTime(new Date('2027-03-01T12:00:00.000Z'));
    expect(utcDay()).toBe('2027-03-01');
  });
});
