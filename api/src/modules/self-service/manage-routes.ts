import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { OrderIdParams } from '@site/shared/contracts/orders';
import { HttpError } from '../../plugins/errors';
import { istLocalToDate, istWallClock, REFUND_WINDOW_HOURS, RESCHEDULE_CUTOFF_MS } from '@site/shared/contracts/booking-policy';
import { isCancelled, manageable, reschedulable } from '../orders/views';
import type { OrderRow } from '../orders/service';
import { receiptContent, type ReceiptSeller } from './receipt';
import { cancelForm, failure, outcome, RESCHEDULE_DAYS, rescheduleForm, send } from './manage-pages';

/** The signed links in a booking e-mail (pages: manage-pages.ts). */
export const MANAGE_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

// Not strict: what a mail client or tracker adds to a link (utm_source, …) is left out, not refused.
const TokenQuery = z.object({ token: z.string().max(200) });
const RescheduleQuery = TokenQuery.extend({ day: z.iso.date().optional() });
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
  const htmlOrError = z.union([z.string(), ApiErrorBody]);
  const html = { 200: z.string(), 400: htmlOrError, 404: z.string(), 409: z.string(), 429: ApiErrorBody };
  const base = { tags: ['orders'], produces: ['text/html'], params: OrderIdParams };

  const { RECEIPT_LEGAL_NAME, RECEIPT_ADDRESS, RECEIPT_GSTIN, RECEIPT_SAC, RECEIPT_TAX_PERCENT } = app.config;
  const seller: ReceiptSeller = { legalName: RECEIPT_LEGAL_NAME, address: RECEIPT_ADDRESS, gstin: RECEIPT_GSTIN, sac: RECEIPT_SAC, taxPercent: RECEIPT_TAX_PERCENT };

  // A link cut short or mangled on its way (no token, a broken order id) is a page in words too.
  app.setErrorHandler((error: { validation?: unknown }, _request, reply) => {
    if (!error.validation) throw error;
    return send(reply, 400, 'Link not valid', failure('This link is not complete. Open it again from your e-mail, or copy the whole address into your browser.'));
  });

  /** Renders link and state failures as pages rather than JSON. */
  async function guarded(reply: FastifyReply, title: string, work: () => Promise<FastifyReply>) {
    try {
      return await work();
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) {
        return send(reply, error.statusCode, title, failure(error.message));
      }
      throw error;
    }
  }

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

  app.get(
    '/orders/:id/receipt',
    { config: { rateLimit: MANAGE_RATE_LIMIT }, schema: { ...base, summary: 'Signed printable receipt of a paid order', querystring: TokenQuery, response: html } },
    async (request, reply) =>
      guarded(reply, 'Receipt', async () => {
        const row = await app.orders.findByLink(request.params.id, 'receipt', request.query.token);
        if ((row.status !== 'paid' && row.status !== 'refunded') || !row.paidAt) throw new HttpError(404, 'not_found', 'There is no receipt for this order.');
        const buyer = await app.users.findById(row.userId);
        return send(reply, 200, 'Receipt', receiptContent(row, buyer && !buyer.deletedAt ? buyer : undefined, seller));
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
        const said = refunded
          ? 'Your booking is cancelled and the full amount is being refunded to your original payment method.'
          : `Your booking is cancelled. The ${REFUND_WINDOW_HOURS}-hour refund window had passed, so please contact us about a refund or credit.`;
        return send(reply, 200, 'Booking cancelled', outcome(row, said));
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
        return send(reply, 200, 'Reschedule your booking', rescheduleForm(row, request.query.token, await freeTimes(row), { day: request.query.day ?? '' }));
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
          return send(reply, 200, 'Booking moved', outcome(moved, 'Your booking is moved. An updated invitation is on its way by e-mail.'));
        } catch (error) {
          if (error instanceof HttpError && (error.statusCode === 400 || error.statusCode === 409) && !isCancelled(row)) {
            return send(reply, error.statusCode, 'Reschedule your booking', rescheduleForm(row, request.body.token, await freeTimes(row), { value: request.body.start, error: error.message }));
          }
          throw error;
        }
      }),
  );
};
