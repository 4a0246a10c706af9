import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { IST_OFFSET_MS } from '@site/shared/contracts/booking-policy';
import { addDays, isoWeekday, istDay } from '../src/modules/availability/free-slots';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { AUDIT, bookConsultation, buyer, STARTER, type TestBuyer } from './orders-helpers';
import { DEFAULT_AVAILABILITY, istClock, putAvailability, slotsOn, startOn } from './availability-helpers';

describe.each(testDatabases())('the consultant’s availability and free slots on $name', (target) => {
  let app: FastifyInstance;
  let admin: TestBuyer;
  let alice: TestBuyer;
  const today = istDay(Date.now());
  /** A day far enough ahead for the notice, each test on its own. */
  let nextDay = 3;
  const freshDay = () => addDays(today, nextDay++);

  useTestApp(target, (built) => (app = built));
  beforeAll(async () => {
    admin = await buyer(app, 'admin');
    alice = await buyer(app);
  });
  afterEach(async () => {
    expect((await putAvailability(app, admin, DEFAULT_AVAILABILITY)).statusCode).toBe(200);
  });

  const everyQuarter = (first: string, last: string) => {
    const out: string[] = [];
    for (let m = Number(first.slice(0, 2)) * 60 + Number(first.slice(3)); m <= Number(last.slice(0, 2)) * 60 + Number(last.slice(3)); m += 15) {
      out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    }
    return out;
  };

  it('starts with every day 9:00–18:00, 12 hours’ notice, 15-minute buffers and no cap, so nothing changes until the admin says so', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/availability', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const { overrides, ...rest } = res.json();
    expect(rest).toEqual(DEFAULT_AVAILABILITY);
    expect(overrides).toEqual([]);
    const day = freshDay();
    expect(await slotsOn(app, day)).toEqual(everyQuarter('09:00', '18:00'));
  });

  it('refuses its admin routes to visitors (401) and to non-admins (403), and validates what an admin writes', async () => {
    const routes = [
      { method: 'GET' as const, url: '/api/admin/availability' },
      { method: 'PUT' as const, url: '/api/admin/availability', payload: DEFAULT_AVAILABILITY },
      { method: 'PUT' as const, url: `/api/admin/availability/overrides/${freshDay()}`, payload: { off: true, first_start: null, last_start: null } },
      { method: 'DELETE' as const, url: `/api/admin/availability/overrides/${freshDay()}` },
    ];
    for (const route of routes) {
      expect((await app.inject(route)).statusCode, route.url).toBe(401);
      expect((await app.inject({ ...route, headers: alice.headers })).statusCode, route.url).toBe(403);
    }
    const week = DEFAULT_AVAILABILITY.week;
    const bad = [
      { ...DEFAULT_AVAILABILITY, week: week.slice(1) },
      { ...DEFAULT_AVAILABILITY, week: [...week.slice(1), week[1]!] },
      { ...DEFAULT_AVAILABILITY, week: [{ ...week[0]!, first_start: '08:45' }, ...week.slice(1)] },
      { ...DEFAULT_AVAILABILITY, week: [{ ...week[0]!, last_start: '18:15' }, ...week.slice(1)] },
      { ...DEFAULT_AVAILABILITY, week: [{ ...week[0]!, first_start: '10:10' }, ...week.slice(1)] },
      { ...DEFAULT_AVAILABILITY, notice_hours: -1 },
      { ...DEFAULT_AVAILABILITY, daily_cap: 0 },
    ];
    for (const body of bad) expect((await putAvailability(app, admin, body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    const reversed = await putAvailability(app, admin, { ...DEFAULT_AVAILABILITY, week: [{ ...week[0]!, first_start: '12:00', last_start: '10:00' }, ...week.slice(1)] });
    expect(reversed.json().message).toMatch(/last start cannot be before the first start/);
    const override = (payload: object) => app.inject({ method: 'PUT', url: `/api/admin/availability/overrides/${freshDay()}`, headers: admin.headers, payload });
    expect((await override({ off: false, first_start: null, last_start: null })).json().message).toMatch(/needs a first and a last start/);
    expect((await app.inject({ method: 'PUT', url: '/api/admin/availability/overrides/2026-13-40', headers: admin.headers, payload: { off: true, first_start: null, last_start: null } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/availability/overrides/${freshDay()}`, headers: admin.headers })).statusCode).toBe(404);
  });

  it('offers only each weekday’s own hours, and nothing on a day off', async () => {
    const day = freshDay();
    const off = addDays(day, 1);
    const week = DEFAULT_AVAILABILITY.week.map((d) =>
      d.weekday === isoWeekday(day) ? { ...d, first_start: '10:00', last_start: '11:30' } : d.weekday === isoWeekday(off) ? { ...d, on: false } : d,
    );
    expect((await putAvailability(app, admin, { ...DEFAULT_AVAILABILITY, week })).statusCode).toBe(200);
    expect(await slotsOn(app, day)).toEqual(everyQuarter('10:00', '11:30'));
    expect(await slotsOn(app, off)).toEqual([]);
    // Booking outside the hours the list offers is refused in words.
    const outside = await bookConsultation(app, alice, startOn(day, '12:00'));
    expect(outside.statusCode).toBe(409);
    expect(outside.json()).toMatchObject({ error: 'outside_working_hours', message: expect.stringMatching(/does not take bookings at that time/) });
  });

  it('lets a date override its weekday: a day off, or other hours, and removed again', async () => {
    const day = freshDay();
    const other = freshDay();
    const put = (date: string, payload: object) => app.inject({ method: 'PUT', url: `/api/admin/availability/overrides/${date}`, headers: admin.headers, payload });
    expect((await put(day, { off: true, first_start: null, last_start: null, note: 'Conference' })).statusCode).toBe(200);
    expect((await put(other, { off: false, first_start: '14:00', last_start: '15:00' })).json()).toEqual({ date: other, off: false, first_start: '14:00', last_start: '15:00', note: '' });
    expect(await slotsOn(app, day)).toEqual([]);
    expect(await slotsOn(app, other)).toEqual(everyQuarter('14:00', '15:00'));
    const listed = (await app.inject({ method: 'GET', url: '/api/admin/availability', headers: admin.headers })).json().overrides;
    expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ date: day, off: true, note: 'Conference' })]));
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/availability/overrides/${day}`, headers: admin.headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/availability/overrides/${other}`, headers: admin.headers })).statusCode).toBe(204);
    expect(await slotsOn(app, day)).toEqual(everyQuarter('09:00', '18:00'));
  });

  it('keeps the minimum notice: nothing sooner is offered or accepted', async () => {
    const now = new Date();
    const from = istDay(now.getTime());
    const to = addDays(from, 2);
    const first = (await app.availability.freeStarts(45, from, to, { now }))[0]!;
    expect(first.getTime()).toBeGreaterThanOrEqual(now.getTime() + 12 * 3_600_000);
    expect(first.getTime()).toBeLessThan(now.getTime() + 12 * 3_600_000 + 24 * 3_600_000);
    // With 48 hours' notice, the day after tomorrow's early slots go too.
    await putAvailability(app, admin, { ...DEFAULT_AVAILABILITY, notice_hours: 48 });
    const later = (await app.availability.freeStarts(45, from, to, { now }))[0];
    expect(later === undefined || later.getTime() >= now.getTime() + 48 * 3_600_000).toBe(true);
    const soon = await bookConsultation(app, alice, startOn(addDays(from, 1), '18:00'));
    expect(soon.statusCode).toBe(409);
    expect(soon.json()).toMatchObject({ error: 'short_notice', message: "Bookings need at least 48 hours' notice. Please choose a later time." });
  });

  it('keeps the buffers free around a booking, refuses a hand-made order inside them (409), and the list never offers them', async () => {
    const day = freshDay();
    const booked = await bookConsultation(app, await buyer(app), startOn(day, '11:00'));
    expect(booked.statusCode).toBe(201);
    // A 45-minute call 11:00–11:45 with 15 minutes each side: 10:00 (ends 10:45) and 12:00 are the nearest.
    const slots = await slotsOn(app, day);
    expect(slots).toContain('10:00');
    expect(slots).toContain('12:00');
    for (const taken of ['10:15', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45']) expect(slots).not.toContain(taken);
    const inside = await bookConsultation(app, alice, startOn(day, '11:45'));
    expect(inside.statusCode).toBe(409);
    expect(inside.json()).toMatchObject({ error: 'slot_taken', message: expect.stringMatching(/too close to another appointment: 15 minutes before and 15 minutes after/) });
    // Longer buffers widen the gap; none at all lets calls touch.
    await putAvailability(app, admin, { ...DEFAULT_AVAILABILITY, buffer_before_minutes: 0, buffer_after_minutes: 30 });
    const wider = await slotsOn(app, day);
    expect(wider).not.toContain('12:00');
    expect(wider).toContain('12:15');
    expect(wider).toContain('09:45');
    await putAvailability(app, admin, { ...DEFAULT_AVAILABILITY, buffer_before_minutes: 0, buffer_after_minutes: 0 });
    expect(await slotsOn(app, day)).toEqual(expect.arrayContaining(['10:15', '11:45']));
  });

  it('caps the consultations of a day, counting live holds, and frees a released hold', async () => {
    const day = freshDay();
    const holder = await buyer(app);
    const held = await bookConsultation(app, holder, startOn(day, '09:00'));
    expect(held.statusCode).toBe(201);
    // The unpaid hold takes its slot like a paid booking.
    expect(await slotsOn(app, day)).not.toContain('09:00');
    await putAvailability(app, admin, { ...DEFAULT_AVAILABILITY, daily_cap: 1 });
    expect(await slotsOn(app, day)).toEqual([]);
    expect(await slotsOn(app, addDays(day, 1))).toHaveLength(37);
    const full = await bookConsultation(app, alice, startOn(day, '15:00'));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: 'day_full', message: 'That day is fully booked. Please choose another day.' });
    // Closing the payment window releases the hold: the day is open again.
    expect((await app.inject({ method: 'POST', url: `/api/orders/${held.json().id}/release`, headers: holder.headers })).statusCode).toBe(200);
    expect(await slotsOn(app, day)).toEqual(everyQuarter('09:00', '18:00'));
  });

  it('answers per consultation type (a longer one needs a longer gap) and refuses bad ranges in words', async () => {
    const day = freshDay();
    expect((await bookConsultation(app, await buyer(app), startOn(day, '13:00'))).statusCode).toBe(201);
    // A 90-minute audit must end 15 minutes before 13:00: 11:15 at the latest.
    const audit = await slotsOn(app, day, AUDIT.id);
    expect(audit).toContain('11:15');
    expect(audit).not.toContain('11:30');
    expect(await slotsOn(app, day)).toContain('12:00');
    const ask = (query: string) => app.inject({ method: 'GET', url: `/api/bookings/slots?${query}` });
    expect((await ask(`package_id=${STARTER.id}&from=${day}&to=${addDays(day, -1)}`)).json().message).toBe('The range must end on or after its first day.');
    expect((await ask(`package_id=${STARTER.id}&from=${day}&to=${addDays(day, 62)}`)).json().message).toBe('Ask for at most 62 days at once.');
    expect((await ask(`package_id=${STARTER.id}&from=tomorrow&to=${day}`)).statusCode).toBe(400);
    expect((await ask(`package_id=00000000-0000-4000-8000-000000000000&from=${day}&to=${day}`)).statusCode).toBe(404);
    const answer = await ask(`package_id=${STARTER.id}&from=${day}&to=${day}`);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.json().slots[0]).toBe(new Date(Date.parse(`${day}T09:00:00Z`) - IST_OFFSET_MS).toISOString());
    expect(istClock(answer.json().slots[0])).toBe('09:00');
  });
});
