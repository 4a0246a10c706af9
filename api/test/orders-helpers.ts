import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { IST_OFFSET_MS } from '@site/shared/contracts/booking-policy';
import { ORDER_PAID_QUEUE } from '../src/modules/fulfilment/service';
import { bearer } from './app';
import { adminHeaders, createEvent, inDays, uniqueSlug } from './content-helpers';
import { jobState, until } from './jobs-helpers';

/** The catalogue as migration 0011 seeds it (the spec's packages and prices). */
interface SeededPackage {
  id: string;
  name: string;
  price: number | 'Custom';
  duration: number;
}

export const STARTER: SeededPackage = { id: '6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01', name: 'Starter Strategy Call', price: 1200, duration: 45 };
export const AUDIT: SeededPackage = { id: '9b3e7a52-1c6d-4f08-a2b4-5d8e0f3c7a12', name: 'AI Readiness Audit', price: 2100, duration: 90 };
export const CUSTOM: SeededPackage = { id: 'c4a8e2d9-7f15-4b3a-8e6c-1a9d5b2f0c23', name: 'Custom AI Roadmap', price: 'Custom', duration: 0 };

export interface TestBuyer {
  id: string;
  email: string;
  headers: { authorization: string };
}

/** A stored account (no password hashing: these tests are about orders, not sign-in). */
export async function buyer(app: FastifyInstance, role: 'user' | 'admin' = 'user'): Promise<TestBuyer> {
  const name = `buyer-${randomBytes(5).toString('hex')}`;
  const email = `${name}@example.com`;
  const result = await app.database.db.execute<{ id: string }>(
    sql`INSERT INTO users (username, email, password_hash, role) VALUES (${name}, ${email}, 'x', ${role}) RETURNING id`,
  );
  const id = (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
  return { id, email, headers: bearer(app, { sub: id, role }) };
}

const IST_MS = IST_OFFSET_MS;
/** A bookable start `days` ahead at hh:mm IST. */
export function slot(days: number, hour = 10, minute = 0): string {
  const istNow = new Date(Date.now() + IST_MS);
  const day = Date.UTC(istNow.getUTCFullYear(), istNow.getUTCMonth(), istNow.getUTCDate() + days, hour, minute);
  return new Date(day - IST_MS).toISOString();
}

export const createOrder = (app: FastifyInstance, who: TestBuyer, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/orders/create-order', headers: who.headers, payload });

export const bookConsultation = (app: FastifyInstance, who: TestBuyer, start: string, pkg = STARTER) =>
  createOrder(app, who, { package_id: pkg.id, amount: pkg.price, start_time: start, email: who.email });

export const settle = (app: FastifyInstance, razorpayOrderId: string, outcome: 'paid' | 'failed' = 'paid') =>
  app.inject({ method: 'POST', url: '/api/payments/sandbox/settle', payload: { razorpay_order_id: razorpayOrderId, outcome } });

/** Waits until the paid order's `order.paid` job has run (its confirmation, invitation and reminders are queued). */
export const fulfilled = (app: FastifyInstance, orderId: string) =>
  until(async () => (await jobState(app, ORDER_PAID_QUEUE, orderId)) === 'completed', `order ${orderId} fulfilled`);

export const verify = (app: FastifyInstance, who: TestBuyer, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/orders/verify', headers: who.headers, payload: body });

export const getOrder = (app: FastifyInstance, who: TestBuyer, id: string) =>
  app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: who.headers });

/** Signs and posts a webhook as the sandbox provider would. */
export function webhook(app: FastifyInstance, event: string, payload: Record<string, unknown>, eventId = `evt_${randomBytes(6).toString('hex')}`) {
  const raw = JSON.stringify({ entity: 'event', event, payload, created_at: Math.floor(Date.now() / 1000) });
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': app.payments.sandbox!.signWebhook(raw), 'x-razorpay-event-id': eventId },
    payload: raw,
  });
}

export const paymentEntity = (orderId: string, paymentId: string, status = 'captured') => ({
  payment: { entity: { id: paymentId, order_id: orderId, status, amount: 120000, currency: 'INR' } },
});

/** Moves an order's hold into the past (as if its minutes had run out). */
export async function lapseHold(app: FastifyInstance, orderId: string): Promise<void> {
  await app.database.db.execute(sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = ${orderId}`);
}

export async function eventPackage(app: FastifyInstance, overrides: Record<string, unknown> = {}, eventOverrides: Record<string, unknown> = {}) {
  const event = await createEvent(app, eventOverrides);
  const res = await app.inject({
    method: 'POST',
    url: '/api/packages',
    headers: adminHeaders(app),
    payload: {
      name: 'Workshop ticket',
      slug: uniqueSlug('ticket'),
      price: 499,
      package_type: 'event',
      event_id: event.id,
      capacity: 1,
      package_registration_deadline: inDays(5),
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`eventPackage: ${res.statusCode} ${res.body}`);
  return { event, pkg: res.json() as { id: string; price: number; slug: string } };
}

/** The message with its base64 parts (the .ics attachments) decoded and unfolded, to search in. */
export function withAttachments(raw: string): string {
  const decoded = raw.replace(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+?)(?=\r?\n--|=?-{2,})/g, (_m, b64: string) =>
    Buffer.from(b64.replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
  return decoded.replace(/\r\n[ \t]/g, '');
}
