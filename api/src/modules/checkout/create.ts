import type { FastifyInstance } from 'fastify';
import type { CreateOrderAnswer } from '@site/shared/contracts/orders';
import { toPaise, toRupees } from '@site/shared/money';
import type { Tx } from '../../db/database';
import { HttpError } from '../../plugins/errors';
import type { ConsultationPackageRow } from '../consultations/service';
import type { OrderRow } from '../orders/service';
import { payable } from '../orders/views';
import { createHoldLimits, type Hold } from './holds';
import { checkoutRepository, type OrderInsert } from './repository';
import { checkStart, claimSeat, claimSlot } from './slots';

export interface CreateOrderInput {
  package_id: string;
  amount: number;
  start_time?: string | undefined;
  email?: string | undefined;
  time_zone?: string | undefined;
  discussion?: string | undefined;
}

/** Writes the held order: a new row, or an old unpaid one taken again. */
type Store = (
  tx: Tx,
  hold: Hold,
  order: Pick<OrderInsert, 'packageId' | 'packageName' | 'kind' | 'amountPaise' | 'attendeeEmail' | 'startTime' | 'endTime' | 'timeZone' | 'discussion'>,
  now: Date,
) => Promise<OrderRow>;

const amountMismatch = () => new HttpError(400, 'amount_mismatch', 'The amount does not match the current price. Please reload and try again.');

/**
 * A new order at the server's price, holding its consultation slot or event seat until
 * the hold runs out, and the payment provider's order for it.
 */
export function createOrderTaking(app: FastifyInstance) {
  const db = app.database.db;
  const holdMs = app.config.ORDER_HOLD_MINUTES * 60_000;
  const limits = createHoldLimits(app.config.ORDER_HOLDS_PER_ADDRESS);
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
      await checkoutRepository.markFailedById(db, row.id, new Date());
      throw new HttpError(502, 'payment_unavailable', 'Payment could not be started. Try again.');
    }
    const updated = await checkoutRepository.setProviderOrderId(db, row.id, providerOrderId);
    return updated ?? row;
  }

  /** A new pending order holds its slot or seat until the hold time runs out. */
  const insertHeld: Store = (tx, hold, order, now) =>
    checkoutRepository.insert(tx, {
      userId: hold.userId,
      provider: app.payments.provider,
      expiresAt: new Date(now.getTime() + holdMs),
      holdAddress: hold.address,
      ...order,
    });

  async function createConsultation(hold: Hold, pkg: ConsultationPackageRow, body: CreateOrderInput, now: Date, store: Store): Promise<OrderRow> {
    const pricePaise = pkg.pricePaise;
    if (pricePaise === null || pkg.durationMinutes === 0) {
      throw new HttpError(400, 'not_orderable', `${pkg.name} cannot be ordered online. Please contact us.`);
    }
    if (toPaise(body.amount) !== pricePaise) throw amountMismatch();
    if (!body.start_time) throw new HttpError(400, 'validation_error', 'Please select a date and time.');
    const start = new Date(body.start_time);
    checkStart(start, now);
    const end = new Date(start.getTime() + pkg.durationMinutes * 60_000);
    const email = body.email ?? (await buyerEmail(hold.userId));
    if (!email) throw new HttpError(400, 'validation_error', 'Please enter a valid email address.');
    return db.transaction(async (tx) => {
      await limits.guard(tx, hold, now);
      await claimSlot(app.availability, tx, start, end, now, hold.orderId);
      const order = {
        packageId: pkg.id,
        packageName: pkg.name,
        kind: 'consultation' as const,
        amountPaise: pricePaise,
        startTime: start,
        endTime: end,
        attendeeEmail: email,
        timeZone: body.time_zone ?? null,
        // An answer of only spaces is no answer.
        discussion: body.discussion || null,
      };
      return store(tx, hold, order, now);
    });
  }

  async function createPackageOrder(hold: Hold, body: CreateOrderInput, now: Date, store: Store): Promise<OrderRow> {
    const [pkg] = await app.packages.search('id', body.package_id, true);
    if (!pkg || !pkg.is_active) throw new HttpError(404, 'not_found', 'Package not found.');
    if (body.start_time) throw new HttpError(400, 'validation_error', 'start_time is only for consultations.');
    if (body.discussion) throw new HttpError(400, 'validation_error', 'discussion is only for consultations.');
    const amountPaise = toPaise(pkg.price);
    if (amountPaise < 100) throw new HttpError(400, 'not_orderable', 'This package cannot be bought online.');
    if (toPaise(body.amount) !== amountPaise) throw amountMismatch();
    if (pkg.package_type === 'event') {
      const event = pkg.event_id ? await app.events.findPublished(pkg.event_id) : undefined;
      if (!event) throw new HttpError(409, 'event_unavailable', 'This event is not open for registration.');
      const deadline = pkg.package_registration_deadline ?? event.registration_deadline;
      if (deadline && Date.parse(deadline) <= now.getTime()) {
        throw new HttpError(409, 'registration_closed', 'Registration for this event has closed.');
      }
    }
    const email = body.email ?? (await buyerEmail(hold.userId)) ?? null;
    return db.transaction(async (tx) => {
      await limits.guard(tx, hold, now);
      if (pkg.package_type === 'event') await claimSeat(tx, pkg.id, pkg.capacity ?? 0, now);
      return store(tx, hold, { packageId: pkg.id, packageName: pkg.name, kind: 'package', amountPaise, attendeeEmail: email }, now);
    });
  }

  /** Validates the order against today's catalogue and claims its slot or seat through `store`. */
  async function claim(hold: Hold, body: CreateOrderInput, store: Store): Promise<OrderRow> {
    const now = new Date();
    const consultation = await app.consultations.find(body.package_id);
    if (consultation && !consultation.isActive) throw new HttpError(404, 'not_found', 'Package not found.');
    return consultation ? createConsultation(hold, consultation, body, now, store) : createPackageOrder(hold, body, now, store);
  }

  const answer = (row: OrderRow): CreateOrderAnswer => ({
    id: row.id,
    razorpayOrderId: row.providerOrderId!,
    amount: row.amountPaise,
    currency: 'INR',
    keyId: app.payments.keyId,
    provider: row.provider,
    expires_at: row.expiresAt.toISOString(),
  });

  return {
    async create(userId: string, body: CreateOrderInput, address: string | null = null): Promise<CreateOrderAnswer> {
      return answer(await providerOrderFor(await claim({ userId, address }, body, insertHeld)));
    },

    /**
     * Pay from /orders: a live hold reopens its checkout; a lapsed or released one takes its slot or
     * seat again, at the same price, if both are still there.
     */
    async pay(userId: string, row: OrderRow, address: string | null): Promise<CreateOrderAnswer> {
      const now = new Date();
      if (!payable(row, now)) throw new HttpError(409, 'not_payable', 'This order can no longer be paid. Please order again.');
      if (row.status === 'expired' || row.expiresAt <= now) {
        const body = {
          package_id: row.packageId,
          amount: toRupees(row.amountPaise),
          start_time: row.startTime?.toISOString(),
          email: row.attendeeEmail ?? undefined,
        };
        const retake: Store = async (tx, hold) => {
          const taken = await checkoutRepository.retake(tx, row.id, new Date(Date.now() + holdMs), hold.address, new Date());
          if (!taken) throw new HttpError(409, 'not_payable', 'This order can no longer be paid. Please order again.');
          return taken;
        };
        try {
          row = await claim({ userId, address, orderId: row.id }, body, retake);
        } catch (error) {
          if (error instanceof HttpError && error.code === 'amount_mismatch') {
            throw new HttpError(409, 'price_changed', 'The price has changed since this order was made. Please order again.');
          }
          throw error;
        }
      }
      return answer(row.providerOrderId ? row : await providerOrderFor(row));
    },
  };
}
