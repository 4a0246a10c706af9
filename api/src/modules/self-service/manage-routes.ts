import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { OrderIdParams } from '@site/shared/contracts/orders';
import { HttpError } from '../../plugins/errors';
import {
  BOOKING_ZONE_NAME,
  istLocalToDate,
  istWallClock,
  REFUND_WINDOW_HOURS,
  REFUND_WINDOW_MS,
  RESCHEDULE_CUTOFF_HOURS,
  RESCHEDULE_CUTOFF_MS,
} from '@site/shared/contracts/booking-policy';
import { site } from '@site/shared/site-config';
import { isCancelled, manageable, reschedulable } from '../orders/views';
import type { OrderRow } from '../orders/service';
import { whenForBuyer } from '../fulfilment/mails';
import { escapeMarkup } from '../../lib/escape';
import { receiptBody, type ReceiptSeller } from './receipt';

/**
 * The pages behind the signed links in a booking e-mail: plain server-rendered forms, so they work
 * from any mail client without the site's scripts or a sign-in.
 */
export const MANAGE_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

const istDayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
const istTimeFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' });
/** "Monday, December 7" of an IST date "2026-12-07". */
const dayIst = (day: string) => istDayFormat.format(new Date(`${day}T00:00:00Z`));
/** "10:15 AM" of an IST wall-clock value "2026-12-07T10:15". */
const timeIst = (value: string) => istTimeFormat.format(new Date(`${value}:00Z`));

const color = site.colors;

/** The site's look in a page that works without its scripts: header with the brand, dark colours, favicon. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="${color.bg}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeMarkup(title)} · ${escapeMarkup(site.name)}</title>
<style>
*{box-sizing:border-box}
body{font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:${color.text};background:${color.bg};margin:0;color-scheme:dark}
header{border-bottom:1px solid ${color.border};background:${color.surface}}
header div{max-width:40rem;margin:0 auto;padding:14px 20px;display:flex;align-items:center;gap:10px}
header a{color:${color.text};font-weight:800;font-size:1.15rem;text-decoration:none;display:inline-flex;align-items:center;gap:10px}
header img{width:28px;height:28px}
main{max-width:40rem;margin:2rem auto;padding:1.5rem 1.25rem}
main>section{background:${color.surface};border:1px solid ${color.border};border-radius:16px;padding:1.5rem}
h1{margin:0 0 1rem;font-size:1.6rem;line-height:1.25}
a{color:${color.primary}}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input,button{font:inherit;padding:.6rem .9rem;border-radius:10px;border:1px solid ${color.border};min-height:44px}
input{background:${color.bg};color:${color.text};max-width:100%}
button{background:${color.primary};color:${color.onPrimary};border-color:${color.primary};font-weight:700;margin-top:1rem;cursor:pointer}
:focus-visible{outline:3px solid ${color.focus};outline-offset:2px}
.error{color:${color.danger};font-weight:600}
.hint{color:${color.textMuted};font-size:.9rem}
nav{margin-top:1.5rem;display:flex;gap:.5rem 1.25rem;flex-wrap:wrap}
dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.4rem 1.25rem;margin:0 0 1rem}
dt{color:${color.textMuted}}dd{margin:0;overflow-wrap:anywhere}
address{font-style:normal;color:${color.textMuted};border-top:1px solid ${color.border};padding-top:1rem}
@media print{body{background:#fff;color:#000}header,nav,.hint{display:none}main{margin:0}main>section{border:0;background:#fff}dt,address{color:#333}}
</style>
</head>
<body>
<header><div><a href="/"><img src="/favicon.svg" alt="">${escapeMarkup(site.name)}</a></div></header>
<main><section>
<h1>${escapeMarkup(title)}</h1>
${body}
</section>
<nav aria-label="More"><a href="/orders">Your orders</a><a href="/contact">Contact us</a></nav>
</main></body>
</html>`;
}

const send = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply.code(status).documentHeaders().type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(title, body));

// The buyer's own time beside IST when the booking said where they were (the page has no script to ask).
const summary = (row: OrderRow) => `<p>${escapeMarkup(row.packageName)}: <strong>${escapeMarkup(whenForBuyer(row.startTime!, row.timeZone))}</strong></p>`;

// Not strict: what a mail client or tracker adds to a link (utm_source, …) is left out, not refused.
const TokenQuery = z.object({ token: z.string().max(200) });
const RescheduleQuery = TokenQuery.extend({ day: z.iso.date().optional() });
/** How far ahead the reschedule page offers times (the booking form's window). */
const RESCHEDULE_DAYS = 60;
const CancelForm = z.strictObject({ token: z.string().max(200) });
const RescheduleForm = z.strictObject({
  token: z.string().max(200),
  /** The datetime-local value, read as India Standard Time. */
  start: z.string().max(40),
});

/** The datetime-local value of an instant, as an IST wall-clock time. */
const istLocalValue = (date: Date) => istWallClock(date).toISOString().slice(0, 16);

export const manageBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // Failures the page renders are HTML; a request refused before it (validation, rate limit) or
  // failing past it (the provider) gets the api's error shape.
  const failure = z.union([z.string(), ApiErrorBody]);
  const html = { 200: z.string(), 400: failure, 404: z.string(), 409: z.string(), 429: ApiErrorBody };
  const base = { tags: ['orders'], produces: ['text/html'], params: OrderIdParams };

  const { RECEIPT_LEGAL_NAME, RECEIPT_ADDRESS, RECEIPT_GSTIN, RECEIPT_SAC, RECEIPT_TAX_PERCENT } = app.config;
  const seller: ReceiptSeller = { legalName: RECEIPT_LEGAL_NAME, address: RECEIPT_ADDRESS, gstin: RECEIPT_GSTIN, sac: RECEIPT_SAC, taxPercent: RECEIPT_TAX_PERCENT };

  // A link cut short or mangled on its way (no token, a broken order id) is a page in words too.
  app.setErrorHandler((error: { validation?: unknown }, _request, reply) => {
    if (!error.validation) throw error;
    return send(
      reply,
      400,
      'Link not valid',
      '<p class="error" role="alert">This link is not complete. Open it again from your e-mail, or copy the whole address into your browser.</p>',
    );
  });

  /** Renders link and state failures as pages rather than JSON. */
  async function guarded(reply: FastifyReply, title: string, work: () => Promise<FastifyReply>) {
    try {
      return await work();
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) {
        return send(reply, error.statusCode, title, `<p class="error" role="alert">${escapeMarkup(error.message)}</p>`);
      }
      throw error;
    }
  }

  const cancelForm = (row: OrderRow, token: string) => {
    const refundable = row.paidAt && Date.now() - row.paidAt.getTime() <= REFUND_WINDOW_MS;
    return `${summary(row)}
<p>${refundable ? `Cancelling now refunds the full amount automatically (within ${REFUND_WINDOW_HOURS} hours of payment).` : `The ${REFUND_WINDOW_HOURS}-hour refund window has passed: cancelling frees the slot, and you can contact us about a refund or credit.`}</p>
<form method="post">
<input type="hidden" name="token" value="${escapeMarkup(token)}">
<button type="submit">Cancel booking</button>
</form>`;
  };

  /**
   * The times a booking may move to, as the slot list offers them (its own time not counting as
   * taken), past the reschedule cutoff: by IST date, each "YYYY-MM-DDTHH:MM" IST.
   */
  async function freeTimes(row: OrderRow): Promise<Map<string, string[]>> {
    const from = new Date(Date.now() + RESCHEDULE_CUTOFF_MS);
    const fromDay = istLocalValue(from).slice(0, 10);
    const minutes = (row.endTime!.getTime() - row.startTime!.getTime()) / 60_000;
    const starts = await app.availability.freeStarts(minutes, fromDay, istLocalValue(new Date(from.getTime() + RESCHEDULE_DAYS * 86_400_000)).slice(0, 10), {
      exceptId: row.id,
    });
    const byDay = new Map<string, string[]>();
    for (const start of starts) {
      if (start <= from) continue;
      const value = istLocalValue(start);
      byDay.set(value.slice(0, 10), [...(byDay.get(value.slice(0, 10)) ?? []), value]);
    }
    return byDay;
  }

  /**
   * Two plain forms, so they work without scripts: a day (GET, the page again), then one of that
   * day's free times (POST). Only free times are offered; the server checks again when posted.
   */
  const rescheduleForm = async (row: OrderRow, token: string, { day = '', value = '', error = '' } = {}) => {
    const free = await freeTimes(row);
    const days = [...free.keys()];
    const shown = free.has(day) ? day : free.has(value.slice(0, 10)) ? value.slice(0, 10) : days[0];
    const errorBlock = error ? `<p class="error" role="alert" id="start-error">${escapeMarkup(error)}</p>` : '';
    if (!shown) {
      return `${summary(row)}${errorBlock}<p>There are no free times to move to in the next ${RESCHEDULE_DAYS} days. Please contact us.</p>`;
    }
    const dayOptions = days
      .map((d) => `<option value="${d}"${d === shown ? ' selected' : ''}>${escapeMarkup(dayIst(d))}</option>`)
      .join('');
    const timeOptions = free
      .get(shown)!
      .map((t) => `<option value="${t}"${t === value ? ' selected' : ''}>${escapeMarkup(timeIst(t))}</option>`)
      .join('');
    return `${summary(row)}
${errorBlock}
<form method="get">
<input type="hidden" name="token" value="${escapeMarkup(token)}">
<label for="day">Day</label>
<select id="day" name="day">${dayOptions}</select>
<button type="submit">Show free times</button>
</form>
<form method="post">
<input type="hidden" name="token" value="${escapeMarkup(token)}">
<label for="start">New date and time (IST)</label>
<select id="start" name="start"${error ? ' aria-invalid="true" aria-describedby="start-error start-hint"' : ' aria-describedby="start-hint"'}>${timeOptions}</select>
<p class="hint" id="start-hint">The free times of ${escapeMarkup(dayIst(shown))}, ${BOOKING_ZONE_NAME}. Bookings can be moved until ${RESCHEDULE_CUTOFF_HOURS} hours before they start.</p>
<button type="submit">Reschedule</button>
</form>`;
  };

  app.get(
    '/orders/:id/receipt',
    { config: { rateLimit: MANAGE_RATE_LIMIT }, schema: { ...base, summary: 'Signed printable receipt of a paid order', querystring: TokenQuery, response: html } },
    async (request, reply) =>
      guarded(reply, 'Receipt', async () => {
        const row = await app.orders.findByLink(request.params.id, 'receipt', request.query.token);
        if ((row.status !== 'paid' && row.status !== 'refunded') || !row.paidAt) throw new HttpError(404, 'not_found', 'There is no receipt for this order.');
        const buyer = await app.users.findById(row.userId);
        return send(reply, 200, 'Receipt', receiptBody(row, buyer && !buyer.deletedAt ? buyer : undefined, seller));
      }),
  );

  app.get(
    '/orders/:id/cancel',
    { config: { rateLimit: MANAGE_RATE_LIMIT }, schema: { ...base, summary: 'Signed cancel page of a booking', querystring: TokenQuery, response: html } },
    async (request, reply) =>
      guarded(reply, 'Cancel your booking', async () => {
        const row = await app.orders.findByLink(request.params.id, 'cancel', request.query.token);
        if (isCancelled(row)) throw app.checkout.alreadyCancelled();
        if (!manageable(row)) throw app.checkout.notCancellable();
        return send(reply, 200, 'Cancel your booking', cancelForm(row, request.query.token));
      }),
  );

  app.post(
    '/orders/:id/cancel',
    {
      config: { rateLimit: MANAGE_RATE_LIMIT },
      schema: { ...base, summary: 'Cancel a booking through its signed link', querystring: TokenQuery.partial(), body: CancelForm, response: { ...html, 502: ApiErrorBody } },
    },
    async (request, reply) =>
      guarded(reply, 'Cancel your booking', async () => {
        const row = await app.orders.findByLink(request.params.id, 'cancel', request.body.token);
        const { refunded } = await app.checkout.cancelByLink(row);
        return send(
          reply,
          200,
          'Booking cancelled',
          `${summary(row)}<p role="status">${refunded ? 'Your booking is cancelled and the full amount is being refunded to your original payment method.' : `Your booking is cancelled. The ${REFUND_WINDOW_HOURS}-hour refund window had passed, so please contact us about a refund or credit.`}</p>`,
        );
      }),
  );

  app.get(
    '/orders/:id/reschedule',
    {
      config: { rateLimit: MANAGE_RATE_LIMIT },
      schema: { ...base, summary: 'Signed reschedule page of a booking: the free times of one day (`day`, else the first with any)', querystring: RescheduleQuery, response: html },
    },
    async (request, reply) =>
      guarded(reply, 'Reschedule your booking', async () => {
        const row = await app.orders.findByLink(request.params.id, 'reschedule', request.query.token);
        if (isCancelled(row)) throw app.checkout.alreadyCancelled();
        if (!reschedulable(row)) throw app.checkout.notReschedulable();
        return send(reply, 200, 'Reschedule your booking', await rescheduleForm(row, request.query.token, { day: request.query.day ?? '' }));
      }),
  );

  app.post(
    '/orders/:id/reschedule',
    {
      config: { rateLimit: MANAGE_RATE_LIMIT },
      schema: { ...base, summary: 'Move a booking to another free slot through its signed link', querystring: TokenQuery.partial(), body: RescheduleForm, response: html },
    },
    async (request, reply) =>
      guarded(reply, 'Reschedule your booking', async () => {
        const row = await app.orders.findByLink(request.params.id, 'reschedule', request.body.token);
        const start = istLocalToDate(request.body.start);
        try {
          if (!start) throw new HttpError(400, 'invalid_start_time', 'Please choose a date and time.');
          const moved = await app.checkout.rescheduleByLink(row, start.toISOString());
          return send(reply, 200, 'Booking moved', `${summary(moved)}<p role="status">Your booking is moved. An updated invitation is on its way by e-mail.</p>`);
        } catch (error) {
          if (error instanceof HttpError && (error.statusCode === 400 || error.statusCode === 409) && !isCancelled(row)) {
            return send(reply, error.statusCode, 'Reschedule your booking', await rescheduleForm(row, request.body.token, { value: request.body.start, error: error.message }));
          }
          throw error;
        }
      }),
  );
};
