import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/database';
import { HttpError } from '../../plugins/errors';
import type { OrderMails } from './mails';
import { orderRepository } from './repository';
import type { OrderRow } from './table';

/** A payment event as the provider reports it (checkout callback or webhook). */
export type PaymentEvent =
  | { type: 'captured'; providerOrderId: string; paymentId: string }
  | { type: 'failed'; providerOrderId: string }
  | { type: 'refunded'; providerOrderId: string; paymentId: string; refundId: string };

type Applied = { order?: OrderRow; duplicate: boolean };

const errorOf = (error: unknown) => ({ err: { message: (error as Error).message } });

/** Payment events (paid, failed, refunded by the provider) and refunds asked of the provider. */
export function createOrderPayments(app: FastifyInstance, mails: OrderMails) {
  const db = app.database.db;
  const log = app.log;

  /** A payment that arrived after its hold ran out is returned to the buyer. */
  async function refundLatePayment(row: OrderRow): Promise<void> {
    try {
      const refundId = await app.payments.refund(row.providerPaymentId!, row.amountPaise, { order_id: row.id, reason: 'hold expired' });
      await orderRepository.setRefundId(db, row.id, refundId);
      log.warn({ orderId: row.id }, 'payment arrived after the hold expired; refunded');
    } catch (error) {
      log.error({ ...errorOf(error), orderId: row.id }, 'refund of a late payment failed; refund it by hand');
    }
  }

  async function applyInTx(tx: Tx, event: PaymentEvent, now: Date, effects: (() => Promise<void>)[]): Promise<Applied> {
    const current = () => orderRepository.findByProviderOrderId(tx, event.providerOrderId);
    switch (event.type) {
      case 'captured': {
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
      case 'refunded': {
        const refunded = await orderRepository.markRefunded(
          tx,
          { providerOrderId: event.providerOrderId },
          ['paid', 'created', 'failed'],
          { refundId: event.refundId, paymentId: event.paymentId },
          now,
        );
        if (refunded) {
          await mails.reminders.drop(tx, refunded.id);
          await mails.notifyConsultancy(tx, refunded, 'refunded', 'Refunded by the payment provider.');
        }
        return { order: refunded ?? (await current()), duplicate: false };
      }
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

    /** paid → refunded through the provider; `audit` runs inside the same transaction. */
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
        let refundId: string;
        try {
          refundId = await app.payments.refund(current.providerPaymentId, current.amountPaise, { order_id: current.id });
        } catch (error) {
          log.error({ ...errorOf(error), orderId: id }, 'provider refund failed');
          throw new HttpError(502, 'refund_failed', 'The payment provider did not accept the refund. Please try again later.');
        }
        const refunded = await orderRepository.markRefunded(tx, { id }, ['paid'], { refundId, cancelled: options.cancelled }, now);
        if (!refunded) throw new HttpError(409, 'not_refundable', 'Only a paid order can be refunded.');
        await mails.reminders.drop(tx, refunded.id);
        // A cancellation with its refund is told as one notice, by the cancellation's mail.
        if (!options.cancelled) await mails.notifyConsultancy(tx, refunded, 'refunded');
        await options.audit?.(tx, refunded);
        return refunded;
      });
    },
  };
}

export type OrderPayments = ReturnType<typeof createOrderPayments>;
