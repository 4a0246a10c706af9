import type { FastifyInstance } from 'fastify';
import { BOOKING_HOURS_TEXT, BOOKING_ZONE_LABEL, isBookableStart } from '@site/shared/contracts/booking-policy';
import type { CreateOrderAnswer } from '@site/shared/contracts/orders';
import type { Tx } from '../../db/database';
import { HttpError } from '../../plugins/errors';
import type { ConsultationPackageRow } from '../consultations/service';
import { orderRepository, type OrderInsert } from './repository';
import type { OrderRow } from './table';

export const CONSULTATION_LOCK = 'orders:consultation-calendar';

export interface CreateOrderInput {
  package_id: string;
  amount: number;
  start_time?: string | undefined;
  email?: string | undefined;
}

export const paise = (rupees: number) => Math.round(rupees * 100);

const amountMismatch = () => new HttpError(400, 'amount_mismatch', 'The amount does not match the current price. Please reload and try again.');
export const slotTaken = () => new HttpError(409, 'slot_taken', 'This time slot is no longer available. Please choose another time.');
export const futureOnly = () => new HttpError(400, 'invalid_start_time', 'Please choose a time in the future.');
export const outsideHours = () =>
  new HttpError(400, 'invalid_start_time', `Bookings start between ${BOOKING_HOURS_TEXT} ${BOOKING_ZONE_LABEL}, on the quarter hour.`);

/**
 * Checkout: a new order at the server's price, holding its consultation slot or event seat until
 * the hold runs out, and the payment provider's order for it.
 */
export function createCheckout(app: FastifyInstance) {
  const db = app.database.db;
  const holdMs = app.config.ORDER_HOLD_MINUTES * 60_000;
  const buyerEmail = async (userId: string) => (await app.users.findById(userId))?.email;

  async function providerOrderFor(row: OrderRow): Promise<OrderRow> {
    let providerOrderId: string;
    try {
      providerOrderId = await app.payments.createProviderOrder({
        amountPaise: row.amountPaise,
        receipt: row.id,
        notes: { order_id: row.id, package_id: row.packageId },
      });
    } catch (error) {
      app.log.error({ err: { message: (error as Error).message }, orderId: row.id }, 'payment provider order failed');
      await orderRepository.markFailedById(db, row.id, new Date());
      throw new HttpError(502, 'payment_unavailable', 'Payment could not be started. Try again.');
    }
    const updated = await orderRepository.setProviderOrderId(db, row.id, providerOrderId);
    return updated ?? row;
  }

  /** A new pending order holds its slot or seat until the hold time runs out. */
  function insertHeld(
    tx: Tx,
    userId: string,
    pkg: { id: string; name: string },
    now: Date,
    order: Pick<OrderInsert, 'kind' | 'amountPaise' | 'attendeeEmail' | 'startTime' | 'endTime'>,
  ): Promise<OrderRow> {
    return orderRepository.insert(tx, {
      userId,
      packageId: pkg.id,
      packageName: pkg.name,
      provider: app.payments.provider,
      expiresAt: new Date(now.getTime() + holdMs),
      ...order,
    });
  }

  async function createConsultation(userId: string, pkg: ConsultationPackageRow, body: CreateOrderInput, now: Date): Promise<OrderRow> {
    const pricePaise = pkg.pricePaise;
    if (pricePaise === null || pkg.durationMinutes === 0) {
      throw new HttpError(400, 'not_orderable', `${pkg.name} cannot be ordered online. Please contact us.`);
    }
    if (paise(body.amount) !== pricePaise) throw amountMismatch();
    if (!body.start_time) throw new HttpError(400, 'validation_error', 'Please select a date and time.');
    const start = new Date(body.start_time);
    if (start <= now) throw futureOnly();
    if (!isBookableStart(start)) throw outsideHours();
    const end = new Date(start.getTime() + pkg.durationMinutes * 60_000);
    const email = body.email ?? (await buyerEmail(userId));
    if (!email) throw new HttpError(400, 'validation_error', 'Please enter a valid email address.');
    return db.transaction(async (tx) => {
      await orderRepository.lock(tx, CONSULTATION_LOCK);
      if (await orderRepository.findOverlapping(tx, start, end, now)) throw slotTaken();
      return insertHeld(tx, userId, pkg, now, { kind: 'consultation', amountPaise: pricePaise, startTime: start, endTime: end, attendeeEmail: email });
    });
  }

  async function createPackageOrder(userId: string, body: CreateOrderInput, now: Date): Promise<OrderRow> {
    const [pkg] = await app.packages.search('id', body.package_id, true);
    if (!pkg || !pkg.is_active) throw new HttpError(404, 'not_found', 'Package not found.');
    if (body.start_time) throw new HttpError(400, 'validation_error', 'start_time is only for consultations.');
    const amountPaise = paise(pkg.price);
    if (amountPaise < 100) throw new HttpError(400, 'not_orderable', 'This package cannot be bought online.');
    if (paise(body.amount) !== amountPaise) throw amountMismatch();
    if (pkg.package_type === 'event') {
      const event = pkg.event_id ? await app.events.findPublished(pkg.event_id) : undefined;
      if (!event) throw new HttpError(409, 'event_unavailable', 'This event is not open for registration.');
      const deadline = pkg.package_registration_deadline ?? event.registration_deadline;
      if (deadline && Date.parse(deadline) <= now.getTime()) {
        throw new HttpError(409, 'registration_closed', 'Registration for this event has closed.');
      }
    }
    const email = body.email ?? (await buyerEmail(userId)) ?? null;
    return db.transaction(async (tx) => {
      if (pkg.package_type === 'event') {
        await orderRepository.lock(tx, `orders:package:${pkg.id}`);
        if ((await orderRepository.countHeldSeats(tx, pkg.id, now)) >= (pkg.capacity ?? 0)) {
          throw new HttpError(409, 'sold_out', 'Sold out.');
        }
      }
      return insertHeld(tx, userId, pkg, now, { kind: 'package', amountPaise, attendeeEmail: email });
    });
  }

  return {
    async create(userId: string, body: CreateOrderInput): Promise<CreateOrderAnswer> {
      const now = new Date();
      const consultation = await app.consultations.find(body.package_id);
      if (consultation && !consultation.isActive) throw new HttpError(404, 'not_found', 'Package not found.');
      const row = await providerOrderFor(
        consultation ? await createConsultation(userId, consultation, body, now) : await createPackageOrder(userId, body, now),
      );
      return {
        id: row.id,
        razorpayOrderId: row.providerOrderId!,
        amount: row.amountPaise,
        currency: 'INR',
        keyId: app.payments.keyId,
        provider: row.provider,
        expires_at: row.expiresAt.toISOString(),
      };
    },
  };
}
