import type { FastifyReply } from 'fastify';
import { BOOKING_ZONE_NAME, REFUND_WINDOW_HOURS, REFUND_WINDOW_MS, RESCHEDULE_CUTOFF_HOURS } from '@site/shared/contracts/booking-policy';
import { IST_OFFSET_MS } from '@site/shared/dates';
import { sitePage, type Content, type Element } from '../../lib/site-page';
import { timeForBuyer, whenForBuyer } from '../fulfilment/times';
import type { OrderRow } from '../orders/service';

/**
 * The pages behind the signed links in a booking e-mail: plain server-rendered forms in the site's
 * layout, so they work from any mail client without the site's scripts or a sign-in.
 */

const istDayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
/** "Monday, December 7" of an IST date "2026-12-07". */
const dayIst = (day: string) => istDayFormat.format(new Date(`${day}T00:00:00Z`));
/** "10:15 AM IST", and the buyer's own time beside it when they booked from another zone, of an IST wall-clock value "2026-12-07T10:15". */
const timeOf = (value: string, timeZone: string | null) => timeForBuyer(new Date(Date.parse(`${value}:00Z`) - IST_OFFSET_MS), timeZone);

const NAV = [
  { href: '/orders', label: 'Your orders' },
  { href: '/contact', label: 'Contact us' },
];

export const send = async (reply: FastifyReply, status: number, title: string, content: Content) =>
  reply.code(status).documentHeaders().type('text/html; charset=utf-8').header('cache-control', 'no-store').send(await sitePage(title, content, { nav: NAV }));

/** A failure in words, read out at once. */
export const failure =
  (message: string, id?: string): Content =>
  (h) =>
    h('p', { key: 'error', className: 'error', role: 'alert', id }, message);

// The buyer's own time beside IST when the booking said where they were (the page has no script to ask).
const summary = (h: Element, row: OrderRow) => h('p', { key: 'summary' }, `${row.packageName}: `, h('strong', null, whenForBuyer(row.startTime!, row.timeZone)));

/** The booking and what happened to it. */
export const outcome =
  (row: OrderRow, said: string): Content =>
  (h) => [summary(h, row), h('p', { key: 'outcome', role: 'status' }, said)];

const tokenField = (h: Element, token: string) => h('input', { type: 'hidden', name: 'token', value: token });

export const cancelForm =
  (row: OrderRow, token: string): Content =>
  (h) => {
    const refundable = row.paidAt && Date.now() - row.paidAt.getTime() <= REFUND_WINDOW_MS;
    return [
      summary(h, row),
      h(
        'p',
        { key: 'refund' },
        refundable
          ? `Cancelling now refunds the full amount automatically (within ${REFUND_WINDOW_HOURS} hours of payment).`
          : `The ${REFUND_WINDOW_HOURS}-hour refund window has passed: cancelling frees the slot, and you can contact us about a refund or credit.`,
      ),
      h('form', { key: 'form', method: 'post' }, tokenField(h, token), h('button', { type: 'submit' }, 'Cancel booking')),
    ];
  };

/** How far ahead the reschedule page offers times (the booking form's window). */
export const RESCHEDULE_DAYS = 60;

/**
 * Two plain forms, so they work without scripts: a day (GET, the page again), then one of that
 * day's free times (POST). Only free times are offered (`free`: by IST date, each "YYYY-MM-DDTHH:MM" IST).
 */
export const rescheduleForm =
  (row: OrderRow, token: string, free: Map<string, string[]>, { day = '', value = '', error = '' } = {}): Content =>
  (h) => {
    const days = [...free.keys()];
    const shown = free.has(day) ? day : free.has(value.slice(0, 10)) ? value.slice(0, 10) : days[0];
    const errorBlock = error ? failure(error, 'start-error')(h) : null;
    if (!shown) {
      return [summary(h, row), errorBlock, h('p', { key: 'none' }, `There are no free times to move to in the next ${RESCHEDULE_DAYS} days. Please contact us.`)];
    }
    const times = free.get(shown)!;
    return [
      summary(h, row),
      errorBlock,
      h(
        'form',
        { key: 'day', method: 'get' },
        tokenField(h, token),
        h('label', { htmlFor: 'day' }, 'Day'),
        h('select', { id: 'day', name: 'day', defaultValue: shown }, ...days.map((d) => h('option', { key: d, value: d }, dayIst(d)))),
        h('button', { type: 'submit' }, 'Show free times'),
      ),
      h(
        'form',
        { key: 'start', method: 'post' },
        tokenField(h, token),
        h('label', { htmlFor: 'start' }, 'New date and time (IST)'),
        h(
          'select',
          {
            id: 'start',
            name: 'start',
            ...(error ? { 'aria-invalid': true, 'aria-describedby': 'start-error start-hint' } : { 'aria-describedby': 'start-hint' }),
            defaultValue: times.includes(value) ? value : undefined,
          },
          ...times.map((t) => h('option', { key: t, value: t }, timeOf(t, row.timeZone))),
        ),
        h(
          'p',
          { className: 'hint', id: 'start-hint' },
          `The free times of ${dayIst(shown)}, ${BOOKING_ZONE_NAME}. Bookings can be moved until ${RESCHEDULE_CUTOFF_HOURS} hours before they start.`,
        ),
        h('button', { type: 'submit' }, 'Reschedule'),
      ),
    ];
  };
