import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/database';
import { HttpError } from '../../plugins/errors';
import type { OrderRow } from '../orders/service';
import type { PaidAmount, PaymentEvent } from '../payments/webhook';
import { checkoutRepository } from './repository';

/** Marks kept with the webhook deliveries: a payment already refunded, a mismatched payment already returned. */
const REFUNDED_PAYMENT = 'orders/refunded-payment';
const MISMATCH_REFUND = 'orders/mismatch-refund';

const errorOf = (error: unknown) => ({ err: { message: (error as Error).message } });

/** Money going back: asked of the provider (an admin, a cancellation, a late or mismatched payment) or reported by it. */
export function createRefunds(app: FastifyInstance) {
  const db = app.database.db;
  const log = app.log;

  return {
    /** A payment that arrived after its hold ran out is returned to the buyer, who is told so. */
    async refundLatePayment(row: OrderRow): Promise<void> {
      try {
        const refundId = await app.payments.refund(row.providerPaymentId!, row.amountPaise, { order_id: row.id, reason: 'hold expired' });
        await db.transaction(async (tx) => {
          await checkoutRepository.setRefundId(tx, row.id, refundId);
          await app.fulfilment.refunded(tx, row, { refundId, amountPaise: row.amountPaise, late: true });
        });
        log.warn({ orderId: row.id }, 'payment arrived after the hold expired; refunded');
      } catch (error) {
        log.error({ ...errorOf(error), orderId: row.id }, 'refund of a late payment failed; refund it by hand');
      }
    },

    /**
     * A payment of another amount or currency than the order's is not counted; the payer gets it back,
     * once: verify and the webhook both report it, so the first to claim it refunds it.
     */
    async refundMismatch(row: OrderRow, paymentId: string, paid: PaidAmount): Promise<void> {
      if (!(await db.transaction((tx) => app.payments.recordWebhookEvent(tx, `${MISMATCH_REFUND}:${paymentId}`, MISMATCH_REFUND)))) return;
      log.error({ orderId: row.id, paymentId, paid, expected: { amountPaise: row.amountPaise, currency: row.currency } }, 'payment does not match its order');
      if (!paid.amountPaise || paid.amountPaise <= 0) return;
      try {
        await app.payments.refund(paymentId, paid.amountPaise, { order_id: row.id, reason: 'amount mismatch' });
      } catch (error) {
        log.error({ ...errorOf(error), orderId: row.id }, 'refund of a mismatched payment failed; refund it by hand');
      }
    },

    /** Whether the provider refunded this payment before its capture reached us. */
    refundedBeforeCapture: (tx: Tx, paymentId: string) => app.payments.webhookEventSeen(tx, `${REFUNDED_PAYMENT}:${paymentId}`),

    /**
     * A refund made at the provider (its dashboard or API). Only a refund of the payment that paid the
     * order changes it: partial keeps the seat or slot, full releases it. A refund of any other payment
     * (a mismatched or second one, or one whose capture has not reached us yet) is recorded and changes
     * nothing; a later capture of that payment then ends the order refunded, not paid.
     */
    async applyProviderRefund(tx: Tx, event: Extract<PaymentEvent, { type: 'refunded' }>, now: Date): Promise<OrderRow | undefined> {
      const found = await app.orders.findByProviderOrderId(event.providerOrderId, tx);
      if (!found) return undefined;
      // Serialised with the admin refund and with other refunds of the order: none is lost.
      await checkoutRepository.lock(tx, `orders:order:${found.id}`);
      const current = (await app.orders.findById(found.id, tx))!;
      // The echo of the shop's own refund (an admin's, or of a payment that came after its hold).
      if (current.status !== 'paid' && current.providerPaymentId === event.paymentId) return current;
      if (current.status !== 'paid' || current.providerPaymentId !== event.paymentId) {
        await app.payments.recordWebhookEvent(tx, `${REFUNDED_PAYMENT}:${event.paymentId}`, REFUNDED_PAYMENT);
        log.warn({ orderId: current.id, paymentId: event.paymentId, refundId: event.refundId }, 'refund of a payment that did not pay its order; order unchanged');
        return current;
      }
      const refund = { refundId: event.refundId, amountPaise: event.amountPaise };
      if (current.refundedPaise + event.amountPaise < current.amountPaise) {
        const partial = await checkoutRepository.addPartialRefund(tx, current.id, event.amountPaise, event.refundId, now);
        if (partial) await app.fulfilment.refunded(tx, partial, refund);
        return partial ?? current;
      }
      const cancelled = current.kind === 'consultation' && !current.cancelledAt;
      const refunded = await checkoutRepository.markRefunded(tx, { id: current.id }, ['paid'], { refundId: event.refundId, cancelled }, now);
      if (!refunded) return current;
      await app.fulfilment.refunded(tx, refunded, refund, 'Refunded by the payment provider.');
      return refunded;
    },

    /**
     * paid → refunded through the provider; `audit` runs inside the same transaction. A refunded
     * consultation is cancelled (its calendar entry withdrawn); the buyer is e-mailed, by the
     * cancellation mail when they cancelled (`cancelled`: `audit` sends it), else by the refund mail.
     */
    async refund(id: string, options: { cancelled?: boolean; audit?: (tx: Tx, row: OrderRow) => Promise<void> } = {}): Promise<OrderRow> {
      const now = new Date();
      return db.transaction(async (tx) => {
        await checkoutRepository.lock(tx, `orders:order:${id}`);
        const current = await app.orders.findById(id, tx);
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
        const refunded = await checkoutRepository.markRefunded(tx, { id }, ['paid'], { refundId, cancelled }, now);
        if (!refunded) throw new HttpError(409, 'not_refundable', 'Only a paid order can be refunded.');
        // A cancellation with its refund is told as one notice, by the cancellation's mail.
        if (!options.cancelled) await app.fulfilment.refunded(tx, refunded, { refundId, amountPaise });
        await options.audit?.(tx, refunded);
        return refunded;
      });
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
