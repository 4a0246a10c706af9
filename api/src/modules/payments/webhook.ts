import { createHash } from 'node:crypto';

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

type Entity = Record<string, unknown> | undefined;
const entityOf = (payload: Record<string, unknown>, name: string): Entity =>
  (payload[name] as { entity?: Record<string, unknown> } | undefined)?.entity;
const text = (entity: Entity, key: string): string | undefined => (typeof entity?.[key] === 'string' ? (entity[key] as string) : undefined);
const integer = (entity: Entity, key: string): number | undefined => (Number.isSafeInteger(entity?.[key]) ? (entity![key] as number) : undefined);

/** The payment event a Razorpay webhook describes, or undefined for events the shop does not act on. */
export function paymentEventOf(event: string, payload: Record<string, unknown>): PaymentEvent | undefined {
  const payment = entityOf(payload, 'payment');
  const order = entityOf(payload, 'order');
  const providerOrderId = text(payment, 'order_id') ?? text(order, 'id');
  if (!providerOrderId) return undefined;
  switch (event) {
    case 'payment.captured':
    case 'order.paid': {
      const paymentId = text(payment, 'id');
      // What was paid, as the provider reports it: compared with the order before it counts.
      const paid = { amountPaise: integer(payment, 'amount'), currency: text(payment, 'currency') };
      return paymentId ? { type: 'captured', providerOrderId, paymentId, paid } : undefined;
    }
    case 'payment.failed':
      return { type: 'failed', providerOrderId };
    case 'refund.processed': {
      const refund = entityOf(payload, 'refund');
      const refundId = text(refund, 'id');
      const paymentId = text(refund, 'payment_id') ?? text(payment, 'id');
      const amountPaise = integer(refund, 'amount');
      return refundId && paymentId && amountPaise !== undefined ? { type: 'refunded', providerOrderId, paymentId, refundId, amountPaise } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The key a webhook is de-duplicated by: the ids inside the signed body (the refund's, else the
 * payment's, else the order's, with the event's name), or the body's hash when it names none. The
 * event-id header is not covered by the signature, so a replayed body under a new header is still
 * the same delivery.
 */
export function webhookKeyOf(event: string, payload: Record<string, unknown>, rawBody: Buffer): string {
  const id = text(entityOf(payload, 'refund'), 'id') ?? text(entityOf(payload, 'payment'), 'id') ?? text(entityOf(payload, 'order'), 'id');
  const key = id ? `${event}:${id}` : undefined;
  return key && key.length <= 200 ? key : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
}

/** The webhook body Razorpay sends for a sandbox payment's outcome (the sandbox signs and delivers it). */
export function sandboxWebhookBody(payment: { id: string; providerOrderId: string; amountPaise: number; currency: string }, paid: boolean): string {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_sandbox',
    event: paid ? 'payment.captured' : 'payment.failed',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: payment.id,
          entity: 'payment',
          amount: payment.amountPaise,
          currency: payment.currency,
          status: paid ? 'captured' : 'failed',
          order_id: payment.providerOrderId,
          method: 'card',
          ...(paid ? {} : { error_code: 'BAD_REQUEST_ERROR', error_reason: 'payment_failed' }),
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}
