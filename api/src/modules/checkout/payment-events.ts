import type { FastifyInstance } from 'fastify';
import type { Order } from '@site/shared/contracts/orders';
import type { Tx } from '../../db/database';
import { HttpError } from '../../plugins/errors';
import type { OrderRow } from '../orders/service';
import type { PaidAmount, PaymentEvent } from '../payments/webhook';
import { checkoutRepository } from './repository';
import type { Refunds } from './refunds';

/** `mismatch`: a payment whose amount or currency is not the order's (not counted, returned to the payer). */
type Applied = { order?: OrderRow; duplicate: boolean; mismatch?: boolean };

/** Whether a payment paid exactly what the order asks. */
export const paysOrder = (row: OrderRow, paid: PaidAmount) => paid.amountPaise === row.amountPaise && paid.currency === row.currency;

/**
 * Payment events, from the browser's verification or the provider's webhook: paid (and the
 * `order.paid` job queued with it), failed, refunded by the provider.
 */
export function createPaymentEvents(app: FastifyInstance, refunds: Refunds) {
  const db = app.database.db;

  async function applyInTx(tx: Tx, event: PaymentEvent, now: Date, effects: (() => Promise<void>)[]): Promise<Applied> {
    const current = () => app.orders.findByProviderOrderId(event.providerOrderId, tx);
    switch (event.type) {
      case 'captured': {
        const order = await current();
        if (order && !paysOrder(order, event.paid)) {
          effects.push(() => refunds.refundMismatch(order, event.paymentId, event.paid));
          return { order, duplicate: false, mismatch: true };
        }
        // A payment refunded before its capture reached us (events overtaking each other) pays nothing.
        if (order && (await refunds.refundedBeforeCapture(tx, event.paymentId))) {
          const refunded = await checkoutRepository.markRefunded(tx, { id: order.id }, ['created', 'failed'], { paymentId: event.paymentId }, now);
          return { order: refunded ?? (await current()), duplicate: false };
        }
        const paid = await checkoutRepository.markPaid(tx, event.providerOrderId, event.paymentId, now);
        if (paid) {
          effects.push(async () => app.metrics.orderPaid(paid.kind));
          // Queued with the payment: its fulfilment happens if and only if the payment is written.
          await app.fulfilment.orderPaid(tx, paid);
          return { order: paid, duplicate: false };
        }
        const late = await checkoutRepository.markLatePayment(tx, event.providerOrderId, event.paymentId, now);
        if (late) effects.push(() => refunds.refundLatePayment(late));
        return { order: late ?? (await current()), duplicate: false };
      }
      case 'failed': {
        const failed = await checkoutRepository.markFailed(tx, event.providerOrderId, now);
        return { order: failed ?? (await current()), duplicate: false };
      }
      case 'refunded':
        return { order: await refunds.applyProviderRefund(tx, event, now), duplicate: false };
    }
  }

  /** Applies one payment event; answers the order as it ends up and runs the effects of a new payment once. */
  async function applyPaymentEvent(event: PaymentEvent, runInTx?: (tx: Tx) => Promise<boolean>): Promise<Applied> {
    const effects: (() => Promise<void>)[] = [];
    const result = await db.transaction(async (tx) => {
      if (runInTx && !(await runInTx(tx))) return { duplicate: true };
      return applyInTx(tx, event, new Date(), effects);
    });
    for (const effect of effects) await effect();
    return result;
  }

  return {
    applyPaymentEvent,

    /** The browser's checkout callback: the signature decides, the order must be the caller's; answers the order as paid. */
    async verify(userId: string, body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }): Promise<Order> {
      const row = await app.orders.findByProviderOrderId(body.razorpay_order_id);
      if (!row || row.userId !== userId) throw new HttpError(404, 'not_found', 'Order not found.');
      if (!app.payments.checkoutSignatureValid(row.providerOrderId!, body.razorpay_payment_id, body.razorpay_signature)) {
        throw new HttpError(400, 'invalid_signature', 'Payment verification failed. Please contact support.');
      }
      if ((row.status === 'paid' || row.status === 'refunded') && row.providerPaymentId === body.razorpay_payment_id) return app.orders.presentOne(row);
      // The signature proves who paid which order, not how much: the provider's record says that.
      const payment = await app.payments.fetchPayment(body.razorpay_payment_id).catch((error: unknown) => {
        app.log.error({ err: { message: (error as Error).message }, orderId: row.id }, 'payment lookup failed');
        throw new HttpError(502, 'payment_lookup_failed', 'The payment could not be confirmed with the provider yet. Your order updates as soon as it is.');
      });
      if (!payment || payment.providerOrderId !== row.providerOrderId || !['captured', 'authorized'].includes(payment.status)) {
        throw new HttpError(400, 'payment_not_found', 'Payment verification failed. Please contact support.');
      }
      const paid = { amountPaise: payment.amountPaise, currency: payment.currency };
      const { order, mismatch } = await applyPaymentEvent({ type: 'captured', providerOrderId: row.providerOrderId!, paymentId: payment.id, paid });
      if (mismatch) {
        throw new HttpError(409, 'amount_mismatch', 'The amount paid does not match the order, so it was not accepted. Any amount charged is refunded.');
      }
      if (!order || (order.status !== 'paid' && order.status !== 'refunded')) {
        throw new HttpError(409, 'order_expired', 'The hold on this booking ran out before the payment arrived. Any amount charged is refunded.');
      }
      return app.orders.presentOne(order);
    },
  };
}
