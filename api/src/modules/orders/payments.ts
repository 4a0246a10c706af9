import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/database';
import { HttpError } from '../../plugins/errors';
import type { OrderMails } from './mails';
import { orderRepository } from './repository';
import type { OrderRow } from './table';

/** What the provider says was paid; compared with the order before a payment counts. */
export interface PaidAmount {
  amountPaise: number | undefined;
  currency: string | undefined;
}

/** A payment event as the provider reports it (checkout callback or webhook). */
export type PaymentEvent =
  | { type: 'captured'; providerOrderId: string; paymentId: string; paid: PaidAmount }
  | { type: 'failed'; providerOrderId: string }
  | { type: 'refunded'; providerOrderId: string; paymentId: string; refundId: string; amountPaise: number };

/** `mismatch`: a payment whose amount or currency is not the order's (not counted, returned to the payer). */
type Applied = { order?: OrderRow; duplicate: boolean; mismatch?: boolean };

/** Marks kept with the webhook deliveries: a payment already refunded, a mismatched payment already returned. */
const REFUNDED_PAYMENT = 'orders/refunded-payment';
const MISMATCH_REFUND = 'orders/mismatch-refund';

const errorOf = (error: unknown) => ({ err: { message: (error as Error).message } });

/** Whether a payment paid exactly what the order asks. */
export const paysOrder = (row: OrderRow, paid: PaidAmount) => paid.amountPaise === row.amountPaise && paid.currency === row.currency;

/** Payment events (paid, failed, refunded by the provider) and refunds asked of the provider. */
export function createOrderPayments(app: FastifyInstance, mails: OrderMails) {
  const db = app.database.db;
  const log = app.log;

  /** A payment that arrived after its hold ran out is returned to the buyer, who is told so. */
  async function refundLatePayment(row: OrderRow): Promise<void> {
    try {
      const refundId = await app.payments.refund(row.providerPaymentId!, row.amountPaise, { order_id: row.id, reason: 'hold expired' });
      await db.transaction(async (tx) => {
        await orderRepository.setRefundId(tx, row.id, refundId);
        await mails.refunded(tx, row, { refundId, amountPaise: row.amountPaise, late: true });
      });
      log.warn({ orderId: row.id }, 'payment arrived after the hold expired; refunded');
    } catch (error) {
      log.error({ ...errorOf(error), orderId: row.id }, 'refund of a late payment failed; refund it by hand');
    }
  }

  /**
   * A payment of another amount or currency than the order's is not counted; the payer gets it back,
   * once: verify and the webhook both report it, so the first to claim it refunds it.
   */
  async function refundMismatch(row: OrderRow, paymentId: string, paid: PaidAmount): Promise<void> {
    if (!(await db.transaction((tx) => app.payments.recordWebhookEvent(tx, `${MISMATCH_REFUND}:${paymentId}`, MISMATCH_REFUND)))) return;
    log.error({ orderId: row.id, paymentId, paid, expected: { amountPaise: row.amountPaise, currency: row.currency } }, 'payment does not match its order');
    if (!paid.amountPaise || paid.amountPaise <= 0) return;
    try {
      await app.payments.refund(paymentId, paid.amountPaise, { order_id: row.id, reason: 'amount mismatch' });
    } catch (error) {
      log.error({ ...errorOf(error), orderId: row.id }, 'refund of a mismatched payment failed; refund it by hand');
    }
  }

  /**
   * A refund made at the provider (its dashboard or API). Only a refund of the payment that paid the
   * order changes it: partial keeps the seat or slot, full releases it. A refund of any other payment
   * (a mismatched or second one, or one whose capture has not reached us yet) is recorded and changes
   * nothing; a later capture of that payment then ends the order refunded, not paid.
   */
  async function applyRefund(tx: Tx, event: Extract<PaymentEvent, { type: 'refunded' }>, now: Date): Promise<OrderRow | undefined> {
    const found = await orderRepository.findByProviderOrderId(tx, event.providerOrderId);
    if (!found) return undefined;
    // Serialised with the admin refund and with other refunds of the order: none is lost.
    await orderRepository.lock(tx, `orders:order:${found.id}`);
    const current = (await orderRepository.findById(tx, found.id))!;
    // The echo of the shop's own refund (an admin's, or of a payment that came after its hold).
    if (current.status !== 'paid' && current.providerPaymentId === event.paymentId) return current;
    if (current.status !== 'paid' || current.providerPaymentId !== event.paymentId) {
      await app.payments.recordWebhookEvent(tx, `${REFUNDED_PAYMENT}:${event.paymentId}`, REFUNDED_PAYMENT);
      log.warn({ orderId: current.id, paymentId: event.paymentId, refundId: event.refundId }, 'refund of a payment that did not pay its order; order unchanged');
      return current;
    }
    const refundedPaise = current.refundedPaise + event.amountPaise;
    if (refundedPaise < current.amountPaise) {
      const partial = await orderRepository.addPartialRefund(tx, current.id, event.amountPaise, event.refundId, now);
      if (partial) await mails.refunded(tx, partial, { refundId: event.refundId, amountPaise: event.amountPaise });
      return partial ?? current;
    }
    const cancelled = current.kind === 'consultation' && !current.cancelledAt;
    const refunded = await orderRepository.markRefunded(tx, { id: current.id }, ['paid'], { refundId: event.refundId, cancelled }, now);
    if (!refunded) return current;
    await mails.reminders.drop(tx, refunded.id);
    await mails.refunded(tx, refunded, { refundId: event.refundId, amountPaise: event.amountPaise });
    await mails.notifyConsultancy(tx, refunded, 'refunded', 'Refunded by the payment provider.');
    return refunded;
  }

  async function applyInTx(tx: Tx, event: PaymentEvent, now: Date, effects: (() => Promise<void>)[]): Promise<Applied> {
    const current = () => orderRepository.findByProviderOrderId(tx, event.providerOrderId);
    switch (event.type) {
      case 'captured': {
        const order = await current();
        if (order && !paysOrder(order, event.paid)) {
          effects.push(() => refundMismatch(order, event.paymentId, event.paid));
          return { order, duplicate: false, mismatch: true };
        }
        // A payment refunded before its capture reached us (events overtaking each other) pays nothing.
        if (order && (await app.payments.webhookEventSeen(tx, `${REFUNDED_PAYMENT}:${event.paymentId}`))) {
          const refunded = await orderRepository.markRefunded(tx, { id: order.id }, ['created', 'failed'], { paymentId: event.paymentId }, now);
          return { order: refunded ?? (await current()), duplicate: false };
        }
        const paid = await orderRepository.markPaid(tx, event.providerOrderId, event.paymentId, now);
        if (paid) {
          effects.push(async () => app.metrics.orderPaid(paid.kind));
          // Queued with the payment: the confirmation exists if and only if the payment is written.
          await mails.paid(tx, paid);
          return { order: paid, duplicate: false };
        }
        const late = await orderRepository.markLatePayment(tx, event.providerOrderId, event.paymentId, now);
        if (late) effects.push(() => refundLatePayment(late));
        return { order: late ?? (await current()), duplicate: false };
      }
      case 'failed': {
        const failed = await orderRepository.markFailed(tx, event.providerOrderId, now);
        return { order: failed ?? (await current()), duplicate: false };
      }
      case 'refunded':
        return { order: await applyRefund(tx, event, now), duplicate: false };
    }
  }

  return {
    /** Applies one payment event; answers the order as it ends up and runs the effects of a new payment once. */
    async applyPaymentEvent(event: PaymentEvent, runInTx?: (tx: Tx) => Promise<boolean>): Promise<Applied> {
      const effects: (() => Promise<void>)[] = [];
      const result = await db.transaction(async (tx) => {
        if (runInTx && !(await runInTx(tx))) return { duplicate: true };
        return applyInTx(tx, event, new Date(), effects);
      });
      for (const effect of effects) await effect();
      return result;
    },

    /**
     * paid → refunded through the provider; `audit` runs inside the same transaction. A refunded
     * consultation is cancelled (its calendar entry withdrawn); the buyer is e-mailed, by the
     * cancellation mail when they cancelled (`cancelled`), else by the refund mail.
     */
    async refund(id: string, options: { cancelled?: boolean; audit?: (tx: Tx, row: OrderRow) => Promise<void> } = {}): Promise<OrderRow> {
      const now = new Date();
      return db.transaction(async (tx) => {
        await orderRepository.lock(tx, `orders:order:${id}`);
        const current = await orderRepository.findById(tx, id);
        if (!current) throw new HttpError(404, 'not_found', 'Order not found.');
        if (current.status === 'refunded') return current;
        if (current.status !== 'paid' || !current.providerPaymentId) {
          throw new HttpError(409, 'not_refundable', 'Only a paid order can be refunded.');
        }
        // What a partial refund at the provider already returned is not refunded twice.
        const amountPaise = current.amountPaise - current.refundedPaise;
        let refundId: string;
        try {
          refundId = await app.payments.refund(current.providerPaymentId, amountPaise, { order_id: current.id });
        } catch (error) {
          log.error({ ...errorOf(error), orderId: id }, 'provider refund failed');
          throw new HttpError(502, 'refund_failed', 'The payment provider did not accept the refund. Please try again later.');
        }
        const cancelled = options.cancelled || (current.kind === 'consultation' && !current.cancelledAt);
        const refunded = await orderRepository.markRefunded(tx, { id }, ['paid'], { refundId, cancelled }, now);
        if (!refunded) throw new HttpError(409, 'not_refundable', 'Only a paid order can be refunded.');
        await mails.reminders.drop(tx, refunded.id);
        // A cancellation with its refund is told as one notice, by the cancellation's mail.
        if (!options.cancelled) {
          await mails.refunded(tx, refunded, { refundId, amountPaise });
          await mails.notifyConsultancy(tx, refunded, 'refunded');
        }
        await options.audit?.(tx, refunded);
        return refunded;
      });
    },
  };
}

export type OrderPayments = ReturnType<typeof createOrderPayments>;
