import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import Razorpay from 'razorpay';
import type { PaymentProvider } from '@site/shared/contracts/orders';
import type { Tx } from '../../db/database';
import { storedSecret } from '../../db/settings';
import { paymentRepository } from './repository';

export const SANDBOX_KEY_ID = 'rzp_test_sandbox';
export const SANDBOX_CHECKOUT_PATH = '/api/payments/sandbox/checkout.js';
export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export interface ProviderOrderInput {
  amountPaise: number;
  /** Our order id (Razorpay's receipt). */
  receipt: string;
  notes: Record<string, string>;
}

/** A payment as the provider records it: what was really paid, for which of its orders. */
export interface ProviderPayment {
  id: string;
  providerOrderId: string | undefined;
  amountPaise: number;
  currency: string;
  status: string;
}

export interface PaymentsService {
  provider: PaymentProvider;
  keyId: string;
  checkoutScriptUrl: string;
  /** Creates the provider's order; answers its id. */
  createProviderOrder(input: ProviderOrderInput): Promise<string>;
  /** Refunds a captured payment in full; answers the refund id. */
  refund(paymentId: string, amountPaise: number, notes: Record<string, string>): Promise<string>;
  /** The provider's record of a payment; undefined when it knows none by that id. */
  fetchPayment(paymentId: string): Promise<ProviderPayment | undefined>;
  /** Checkout's signature: HMAC-SHA256 of `<order id>|<payment id>` with the key secret, compared in constant time. */
  checkoutSignatureValid(providerOrderId: string, paymentId: string, signature: string): boolean;
  /** Webhook signature: HMAC-SHA256 of the raw body with the webhook secret. */
  webhookSignatureValid(rawBody: Buffer, signature: string | undefined): boolean;
  /** Records a webhook event id inside the caller's transaction; false for a replay. */
  recordWebhookEvent(tx: Tx, eventId: string, event: string): Promise<boolean>;
  /** Whether an event id was already recorded. */
  webhookEventSeen(tx: Tx, eventId: string): Promise<boolean>;
  /** Sandbox only: what the provider would sign (checkout answer and webhook body). */
  sandbox?: {
    signCheckout(providerOrderId: string, paymentId: string): string;
    signWebhook(rawBody: string): string;
    /** Keeps a payment the sandbox made, as the provider would (fetchPayment answers it). */
    recordPayment(payment: ProviderPayment): void;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

const hmac = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

function sameHex(expected: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What the provider answered when it refused a call, without the request (which carries the key). */
export class PaymentProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

function providerError(error: unknown): PaymentProviderError {
  const body = error as { statusCode?: number; error?: { description?: string } } | undefined;
  return new PaymentProviderError(`payment provider refused (${body?.statusCode ?? 'no status'}): ${body?.error?.description ?? String(error)}`);
}

/**
 * One code path for both providers: Razorpay (official SDK) when RAZORPAY_KEY_ID/_SECRET are set,
 * else the embedded sandbox that signs exactly like Razorpay with its own generated secrets.
 */
export const paymentsPlugin = fp(
  async (app) => {
    const { config } = app;
    const db = app.database.db;
    const checks = (keySecret: string, webhookSecret: string | undefined) => ({
      checkoutSignatureValid: (orderId: string, paymentId: string, signature: string) =>
        sameHex(hmac(keySecret, `${orderId}|${paymentId}`), signature),
      webhookSignatureValid: (rawBody: Buffer, signature: string | undefined) =>
        webhookSecret !== undefined && sameHex(hmac(webhookSecret, rawBody), signature),
      recordWebhookEvent: (tx: Tx, eventId: string, event: string) => paymentRepository.recordWebhookEvent(tx, eventId, event),
      webhookEventSeen: (tx: Tx, eventId: string) => paymentRepository.webhookEventSeen(tx, eventId),
    });

    let service: PaymentsService;
    if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) {
      const client = new Razorpay({ key_id: config.RAZORPAY_KEY_ID, key_secret: config.RAZORPAY_KEY_SECRET });
      if (!config.RAZORPAY_WEBHOOK_SECRET) {
        app.log.warn('RAZORPAY_WEBHOOK_SECRET is not set: payment webhooks are refused, so a payment whose browser callback is lost stays unpaid.');
      }
      service = {
        provider: 'razorpay',
        keyId: config.RAZORPAY_KEY_ID,
        checkoutScriptUrl: RAZORPAY_CHECKOUT_URL,
        async createProviderOrder({ amountPaise, receipt, notes }) {
          try {
            const order = await client.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes });
            return order.id;
          } catch (error) {
            throw providerError(error);
          }
        },
        async refund(paymentId, amountPaise, notes) {
          try {
            const refund = await client.payments.refund(paymentId, { amount: amountPaise, notes });
            return refund.id;
          } catch (error) {
            throw providerError(error);
          }
        },
        async fetchPayment(paymentId) {
          try {
            const payment = await client.payments.fetch(paymentId);
            return {
              id: payment.id,
              providerOrderId: payment.order_id ?? undefined,
              amountPaise: Number(payment.amount),
              currency: payment.currency,
              status: payment.status,
            };
          } catch (error) {
            if ((error as { statusCode?: number }).statusCode === 400 || (error as { statusCode?: number }).statusCode === 404) return undefined;
            throw providerError(error);
          }
        },
        ...checks(config.RAZORPAY_KEY_SECRET, config.RAZORPAY_WEBHOOK_SECRET),
      };
    } else {
      app.log.warn(
        'Payments run in the sandbox (test mode): every order can be paid without money. Set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET to take real payments.',
      );
      const keySecret = await storedSecret(db, 'sandbox_key_secret');
      const webhookSecret = await storedSecret(db, 'sandbox_webhook_secret');
      // The sandbox's payments live as long as the process: its settle call answers the browser only
      // after the signed webhook has marked the order paid, so verify never needs them after a restart.
      const sandboxPayments = new Map<string, ProviderPayment>();
      service = {
        provider: 'sandbox',
        keyId: SANDBOX_KEY_ID,
        checkoutScriptUrl: SANDBOX_CHECKOUT_PATH,
        createProviderOrder: async () => `order_sbx_${randomBytes(8).toString('hex')}`,
        refund: async () => `rfnd_sbx_${randomBytes(8).toString('hex')}`,
        fetchPayment: async (paymentId) => sandboxPayments.get(paymentId),
        ...checks(keySecret, webhookSecret),
        sandbox: {
          signCheckout: (orderId, paymentId) => hmac(keySecret, `${orderId}|${paymentId}`),
          signWebhook: (rawBody) => hmac(webhookSecret, rawBody),
          recordPayment: (payment) => {
            sandboxPayments.set(payment.id, payment);
            // Bounded: only the last few thousand test payments can still be verified by the browser.
            if (sandboxPayments.size > 5000) sandboxPayments.delete(sandboxPayments.keys().next().value!);
          },
        },
      };
    }
    app.decorate('payments', service);
  },
  { name: 'payments', dependencies: ['database'] },
);
