import { createHmac, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { bookingPackages, isBookableStart } from '@site/shared/contracts/booking-packages';
import type {
  AdminOrder,
  AdminOrderPage,
  AdminOrderStats,
  BusyAnswer,
  ConsultationPackage,
  CreateOrderAnswer,
  Order,
} from '@site/shared/contracts/orders';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { runExclusively } from '../../db/exclusive-job';
import { storedSecret } from '../../db/settings';
import { emailOrigin } from '../../lib/origin';
import { HttpError } from '../../plugins/errors';
import { orderRepository, type AdminOrderFilter, type OrderInsert } from './repository';
import type { ConsultationPackageRow, OrderRow } from './table';

const HOUR = 3_600_000;
/** Refund policy (spec §9): a full refund when cancelled within 48 hours of payment. */
export const REFUND_WINDOW_MS = 48 * HOUR;
/** A booking can be moved to another slot until 24 hours before it starts. */
export const RESCHEDULE_CUTOFF_MS = 24 * HOUR;
const SWEEP_MS = 60_000;
const CONSULTATION_LOCK = 'orders:consultation-calendar';

export type LinkAction = 'ics' | 'cancel' | 'reschedule';

export interface CreateOrderInput {
  package_id: string;
  amount: number;
  start_time?: string | undefined;
  email?: string | undefined;
}

/** A payment event as the provider reports it (checkout callback or webhook). */
export type PaymentEvent =
  | { type: 'captured'; providerOrderId: string; paymentId: string }
  | { type: 'failed'; providerOrderId: string }
  | { type: 'refunded'; providerOrderId: string; paymentId: string; refundId: string };

const paise = (rupees: number) => Math.round(rupees * 100);
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const asDb = (tx: unknown) => tx as Db;

export function createOrdersService(app: FastifyInstance, config: Config, linkSecret: string) {
  const db = app.database.db;
  const log: FastifyBaseLogger = app.log;
  const holdMs = config.ORDER_HOLD_MINUTES * 60_000;

  const sign = (action: LinkAction, id: string) => createHmac('sha256', linkSecret).update(`${action}:${id}`).digest('base64url');
  const linkValid = (action: LinkAction, id: string, token: string | undefined): boolean => {
    if (!token) return false;
    const expected = Buffer.from(sign(action, id));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  const link = (action: LinkAction, id: string, origin = '') =>
    `${origin}/api/orders/${id}/${action === 'ics' ? 'invite.ics' : action}?token=${sign(action, id)}`;

  const manageable = (row: OrderRow, now = new Date()) =>
    row.kind === 'consultation' && row.status === 'paid' && !row.cancelledAt && row.startTime! > now;

  function toOrder(row: OrderRow, origin = ''): Order {
    const now = new Date();
    const live = manageable(row, now);
    return {
      id: row.id,
      package_id: row.packageId,
      package_name: row.packageName,
      kind: row.kind,
      amount_paise: row.amountPaise,
      currency: 'INR',
      // A lapsed hold reads as expired even before the sweep has written it.
      status: row.status === 'created' && row.expiresAt <= now ? 'expired' : row.status,
      start_time: iso(row.startTime),
      end_time: iso(row.endTime),
      attendee_email: row.attendeeEmail,
      created_at: row.createdAt.toISOString(),
      paid_at: iso(row.paidAt),
      expires_at: row.expiresAt.toISOString(),
      ics_url: row.kind === 'consultation' && row.status === 'paid' && !row.cancelledAt ? link('ics', row.id, origin) : null,
      reschedule_url: live && row.startTime!.getTime() - now.getTime() > RESCHEDULE_CUTOFF_MS ? link('reschedule', row.id, origin) : null,
      cancel_url: live ? link('cancel', row.id, origin) : null,
    };
  }

  const toConsultationPackage = (row: ConsultationPackageRow): ConsultationPackage => ({
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.pricePaise === null ? 'Custom' : row.pricePaise / 100,
    duration: row.durationMinutes,
    benefits: row.benefits,
    ...(row.badge ? { badge: row.badge } : {}),
  });

  function booking(row: OrderRow, cancelled = false) {
    return {
      orderId: row.id,
      title: `${row.packageName} Booking`,
      description: `Your ${row.packageName} with Tiny Titans AI.\nManage your booking: ${emailOrigin(config)}/orders`,
      start: row.startTime!,
      end: row.endTime!,
      attendeeEmail: row.attendeeEmail!,
      sequence: row.inviteSequence,
      cancelled,
    };
  }

  const istFormat = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Kolkata',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const whenIst = (date: Date) => `${istFormat.format(date)} IST`;
  const rupees = (amountPaise: number) => `₹${(amountPaise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;

  async function buyerEmail(userId: string): Promise<string | undefined> {
    return (await app.users.findById(userId))?.email;
  }

  /** The confirmation e-mail (with the calendar invitation for a consultation); failures are logged, never thrown. */
  async function onPaid(row: OrderRow): Promise<void> {
    try {
      const origin = emailOrigin(config);
      if (row.kind === 'package') {
        const to = await buyerEmail(row.userId);
        if (!to) return;
        await app.mail.send({
          to,
          subject: `Payment received: ${row.packageName}`,
          text: [
            `Thank you for your purchase of ${row.packageName} (${rupees(row.amountPaise)}).`,
            'Access will be activated soon.',
            '',
            `Order: ${row.id}`,
            `Your orders: ${origin}/orders`,
          ].join('\n'),
        });
        return;
      }
      await sendInvitation(row, true);
    } catch (error) {
      log.error({ err: { message: (error as Error).message }, orderId: row.id }, 'order confirmation failed');
    }
  }

  /**
   * The order's one invitation: Google Calendar when configured (falling back to the .ics e-mail if
   * Google refuses), else the .ics attached to the confirmation. Answers false when it was already sent.
   */
  async function sendInvitation(row: OrderRow, confirmation: boolean): Promise<{ created: boolean; via: 'google' | 'ics_email' }> {
    const claimed = await orderRepository.claimInvite(db, row.id, app.calendar.via);
    if (!claimed) {
      const current = await orderRepository.findById(db, row.id);
      return { created: false, via: current?.calendarVia ?? app.calendar.via };
    }
    let via = app.calendar.via;
    if (via === 'google') {
      try {
        await orderRepository.setCalendarEvent(db, row.id, 'google', await app.calendar.createGoogleEvent(booking(claimed)));
      } catch (error) {
        log.warn({ err: { message: (error as Error).message }, orderId: row.id }, 'Google Calendar refused; sending the .ics by e-mail');
        via = 'ics_email';
        await orderRepository.setCalendarEvent(db, row.id, 'ics_email', null);
      }
    }
    const origin = emailOrigin(config);
    const start = claimed.startTime!;
    const refundable = claimed.paidAt ? new Date(claimed.paidAt.getTime() + REFUND_WINDOW_MS) : undefined;
    await app.mail.send({
      to: claimed.attendeeEmail!,
      subject: `Booking confirmed: ${claimed.packageName} on ${whenIst(start)}`,
      text: [
        confirmation ? 'Booking confirmed! Thank you for your payment.' : 'Your calendar invitation.',
        '',
        `${claimed.packageName}: ${whenIst(start)} (${start.toISOString()} UTC), until ${whenIst(claimed.endTime!)}.`,
        `Amount paid: ${rupees(claimed.amountPaise)}. Order: ${claimed.id}`,
        via === 'ics_email' ? 'The calendar invitation is attached (invite.ics).' : 'A Google Calendar invitation has been sent to this address.',
        '',
        `Reschedule (until 24 hours before the start): ${link('reschedule', claimed.id, origin)}`,
        `Cancel: ${link('cancel', claimed.id, origin)}`,
        refundable
          ? `Cancelling before ${whenIst(refundable)} is refunded in full automatically; after that, please contact us.`
          : '',
      ].join('\n'),
      ...(via === 'ics_email'
        ? { attachments: [{ filename: 'invite.ics', content: app.calendar.ics(booking(claimed)), contentType: 'text/calendar; charset=utf-8; method=REQUEST' }] }
        : {}),
    });
    return { created: true, via };
  }

  async function providerOrderFor(row: OrderRow): Promise<OrderRow> {
    let providerOrderId: string;
    try {
      providerOrderId = await app.payments.createProviderOrder({
        amountPaise: row.amountPaise,
        receipt: row.id,
        notes: { order_id: row.id, package_id: row.packageId },
      });
    } catch (error) {
      log.error({ err: { message: (error as Error).message }, orderId: row.id }, 'payment provider order failed');
      await orderRepository.markFailedById(db, row.id, new Date());
      throw new HttpError(502, 'payment_unavailable', 'Payment could not be started. Try again.');
    }
    const updated = await orderRepository.setProviderOrderId(db, row.id, providerOrderId);
    return updated ?? row;
  }

  /** A new pending order holds its slot or seat until the hold time runs out. */
  function insertHeld(
    tx: Db,
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
    if (pkg.pricePaise === null || pkg.durationMinutes === 0) {
      throw new HttpError(400, 'not_orderable', `${pkg.name} cannot be ordered online. Please contact us.`);
    }
    if (paise(body.amount) !== pkg.pricePaise) {
      throw new HttpError(400, 'amount_mismatch', 'The amount does not match the current price. Please reload and try again.');
    }
    if (!body.start_time) throw new HttpError(400, 'validation_error', 'Please select a date and time.');
    const start = new Date(body.start_time);
    if (start <= now) throw new HttpError(400, 'invalid_start_time', 'Please choose a time in the future.');
    if (!isBookableStart(start)) {
      throw new HttpError(400, 'invalid_start_time', 'Bookings start between 9:00 AM and 6:00 PM IST, on the quarter hour.');
    }
    const end = new Date(start.getTime() + pkg.durationMinutes * 60_000);
    const email = body.email ?? (await buyerEmail(userId));
    if (!email) throw new HttpError(400, 'validation_error', 'Please enter a valid email address.');
    return db.transaction(async (tx) => {
      await orderRepository.lock(asDb(tx), CONSULTATION_LOCK);
      if (await orderRepository.findOverlapping(asDb(tx), start, end, now)) {
        throw new HttpError(409, 'slot_taken', 'This time slot is no longer available. Please choose another time.');
      }
      return insertHeld(asDb(tx), userId, pkg, now, {
        kind: 'consultation',
        amountPaise: pkg.pricePaise!,
        startTime: start,
        endTime: end,
        attendeeEmail: email,
      });
    });
  }

  async function createPackageOrder(userId: string, body: CreateOrderInput, now: Date): Promise<OrderRow> {
    const [pkg] = await app.packages.search('id', body.package_id, true);
    if (!pkg || !pkg.is_active) throw new HttpError(404, 'not_found', 'Package not found.');
    if (body.start_time) throw new HttpError(400, 'validation_error', 'start_time is only for consultations.');
    const amountPaise = paise(pkg.price);
    if (amountPaise < 100) throw new HttpError(400, 'not_orderable', 'This package cannot be bought online.');
    if (paise(body.amount) !== amountPaise) {
      throw new HttpError(400, 'amount_mismatch', 'The amount does not match the current price. Please reload and try again.');
    }
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
        await orderRepository.lock(asDb(tx), `orders:package:${pkg.id}`);
        if ((await orderRepository.countHeldSeats(asDb(tx), pkg.id, now)) >= (pkg.capacity ?? 0)) {
          throw new HttpError(409, 'sold_out', 'Sold out.');
        }
      }
      return insertHeld(asDb(tx), userId, pkg, now, { kind: 'package', amountPaise, attendeeEmail: email });
    });
  }

  /** Applies one payment event; answers the order as it ends up and runs the effects of a new payment once. */
  async function applyPaymentEvent(event: PaymentEvent, runInTx?: (tx: Db) => Promise<boolean>): Promise<{ order?: OrderRow; duplicate: boolean }> {
    const now = new Date();
    const effects: (() => Promise<void>)[] = [];
    const result = await db.transaction(async (txRaw) => {
      const tx = asDb(txRaw);
      if (runInTx && !(await runInTx(tx))) return { duplicate: true };
      switch (event.type) {
        case 'captured': {
          const paid = await orderRepository.markPaid(tx, event.providerOrderId, event.paymentId, now);
          if (paid) {
            effects.push(() => onPaid(paid));
            return { order: paid, duplicate: false };
          }
          const late = await orderRepository.markLatePayment(tx, event.providerOrderId, event.paymentId, now);
          if (late) effects.push(() => refundLatePayment(late));
          return { order: late ?? (await orderRepository.findByProviderOrderId(tx, event.providerOrderId)), duplicate: false };
        }
        case 'failed': {
          const failed = await orderRepository.markFailed(tx, event.providerOrderId, now);
          return { order: failed ?? (await orderRepository.findByProviderOrderId(tx, event.providerOrderId)), duplicate: false };
        }
        case 'refunded': {
          const refunded = await orderRepository.markRefunded(
            tx,
            { providerOrderId: event.providerOrderId },
            ['paid', 'created', 'failed'],
            { refundId: event.refundId, paymentId: event.paymentId },
            now,
          );
          return { order: refunded ?? (await orderRepository.findByProviderOrderId(tx, event.providerOrderId)), duplicate: false };
        }
      }
    });
    for (const effect of effects) await effect();
    return result;
  }

  /** A payment that arrived after its hold ran out is returned to the buyer. */
  async function refundLatePayment(row: OrderRow): Promise<void> {
    try {
      const refundId = await app.payments.refund(row.providerPaymentId!, row.amountPaise, { order_id: row.id, reason: 'hold expired' });
      await orderRepository.setRefundId(db, row.id, refundId);
      log.warn({ orderId: row.id }, 'payment arrived after the hold expired; refunded');
    } catch (error) {
      log.error({ err: { message: (error as Error).message }, orderId: row.id }, 'refund of a late payment failed; refund it by hand');
    }
  }

  async function findOwn(userId: string, id: string): Promise<OrderRow> {
    const row = await orderRepository.findById(db, id);
    if (!row || row.userId !== userId) throw new HttpError(404, 'not_found', 'Order not found.');
    return row;
  }

  async function findByLink(id: string, action: LinkAction, token: string | undefined): Promise<OrderRow> {
    const row = linkValid(action, id, token) ? await orderRepository.findById(db, id) : undefined;
    if (!row) throw new HttpError(404, 'not_found', 'This link is not valid.');
    return row;
  }

  async function toAdminOrders(rows: OrderRow[]): Promise<AdminOrder[]> {
    const buyers = new Map<string, { username: string; email: string }>();
    for (const id of new Set(rows.map((row) => row.userId))) {
      const user = await app.users.findById(id);
      buyers.set(id, { username: user?.username ?? '', email: user?.email ?? '' });
    }
    return rows.map((row) => ({
      ...toOrder(row),
      buyer_id: row.userId,
      buyer_username: buyers.get(row.userId)!.username,
      buyer_email: buyers.get(row.userId)!.email,
      provider: row.provider,
      provider_order_id: row.providerOrderId,
      provider_payment_id: row.providerPaymentId,
      refunded_at: iso(row.refundedAt),
    }));
  }

  /** paid → refunded through the provider; `audit` runs inside the same transaction. */
  async function refund(id: string, options: { cancelled?: boolean; audit?: (tx: Db, row: OrderRow) => Promise<void> } = {}): Promise<OrderRow> {
    const now = new Date();
    const row = await db.transaction(async (txRaw) => {
      const tx = asDb(txRaw);
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
        log.error({ err: { message: (error as Error).message }, orderId: id }, 'provider refund failed');
        throw new HttpError(502, 'refund_failed', 'The payment provider did not accept the refund. Please try again later.');
      }
      const refunded = await orderRepository.markRefunded(tx, { id }, ['paid'], { refundId, cancelled: options.cancelled }, now);
      if (!refunded) throw new HttpError(409, 'not_refundable', 'Only a paid order can be refunded.');
      await options.audit?.(tx, refunded);
      return refunded;
    });
    return row;
  }

  async function sendCancellation(row: OrderRow, refunded: boolean): Promise<void> {
    try {
      await app.mail.send({
        to: row.attendeeEmail!,
        subject: `Booking cancelled: ${row.packageName}`,
        text: [
          `Your ${row.packageName} on ${whenIst(row.startTime!)} is cancelled.`,
          refunded
            ? `A full refund of ${rupees(row.amountPaise)} is on its way to your original payment method.`
            : 'The 48-hour refund window has passed, so no automatic refund was made. Please contact us about a refund or credit.',
        ].join('\n'),
        attachments: [{ filename: 'invite.ics', content: app.calendar.ics(booking(row, true)), contentType: 'text/calendar; charset=utf-8; method=CANCEL' }],
      });
    } catch (error) {
      log.error({ err: { message: (error as Error).message }, orderId: row.id }, 'cancellation e-mail failed');
    }
  }

  return {
    toOrder,
    link,
    linkValid,

    async seed(): Promise<void> {
      await orderRepository.seedConsultationPackages(
        db,
        bookingPackages.map((pkg, position) => ({
          id: pkg.id,
          name: pkg.name,
          description: pkg.description,
          pricePaise: pkg.price === 'Custom' ? null : paise(pkg.price),
          durationMinutes: pkg.duration,
          benefits: pkg.benefits,
          badge: pkg.badge ?? null,
          position,
        })),
      );
    },

    async consultationPackages(): Promise<ConsultationPackage[]> {
      return (await orderRepository.listConsultationPackages(db)).map(toConsultationPackage);
    },

    async create(userId: string, body: CreateOrderInput): Promise<CreateOrderAnswer> {
      const now = new Date();
      const consultation = await orderRepository.findConsultationPackage(db, body.package_id);
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

    async busy(from: Date, to: Date): Promise<BusyAnswer> {
      return (await orderRepository.busy(db, from, to, new Date())).map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() }));
    },

    async listOwn(userId: string): Promise<Order[]> {
      return (await orderRepository.listForUser(db, userId)).map((row) => toOrder(row));
    },

    async getOwn(userId: string, id: string): Promise<Order> {
      return toOrder(await findOwn(userId, id));
    },

    findOwn,
    findByLink,

    /** The browser's checkout callback: the signature decides, the order must be the caller's. */
    async verify(userId: string, body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }): Promise<Order> {
      const row = await orderRepository.findByProviderOrderId(db, body.razorpay_order_id);
      if (!row || row.userId !== userId) throw new HttpError(404, 'not_found', 'Order not found.');
      if (!app.payments.checkoutSignatureValid(row.providerOrderId!, body.razorpay_payment_id, body.razorpay_signature)) {
        throw new HttpError(400, 'invalid_signature', 'Payment verification failed. Please contact support.');
      }
      if ((row.status === 'paid' || row.status === 'refunded') && row.providerPaymentId === body.razorpay_payment_id) return toOrder(row);
      const { order } = await applyPaymentEvent({ type: 'captured', providerOrderId: row.providerOrderId!, paymentId: body.razorpay_payment_id });
      if (!order || (order.status !== 'paid' && order.status !== 'refunded')) {
        throw new HttpError(409, 'order_expired', 'The hold on this booking ran out before the payment arrived. Any amount charged is refunded.');
      }
      return toOrder(order);
    },

    applyPaymentEvent,

    /** The provider order for the sandbox's settle call (any caller: the sandbox stands in for the card holder). */
    async findForSandbox(providerOrderId: string): Promise<OrderRow | undefined> {
      return orderRepository.findByProviderOrderId(db, providerOrderId);
    },

    /** POST /calendar/create-event: the caller's own paid consultation, one invitation per order. */
    async inviteOwn(userId: string, target: { orderId?: string | undefined; start?: string | undefined }) {
      let row: OrderRow | undefined;
      if (target.orderId) row = await findOwn(userId, target.orderId);
      else if (target.start) {
        const start = Date.parse(target.start);
        row = (await orderRepository.listForUser(db, userId)).find(
          (order) => order.kind === 'consultation' && order.status === 'paid' && order.startTime?.getTime() === start,
        );
      }
      if (!row || row.kind !== 'consultation') throw new HttpError(404, 'not_found', 'Booking not found.');
      if (row.status !== 'paid' || row.cancelledAt) throw new HttpError(409, 'not_paid', 'Only a paid booking gets a calendar invitation.');
      return { order_id: row.id, ...(await sendInvitation(row, false)) };
    },

    icsFor(row: OrderRow): string {
      if (row.kind !== 'consultation' || row.status !== 'paid' || row.cancelledAt) {
        throw new HttpError(404, 'not_found', 'No invitation for this order.');
      }
      return app.calendar.ics(booking(row));
    },

    /** Signed cancel link: frees the slot; refunds in full within 48 hours of payment. */
    async cancelByLink(row: OrderRow): Promise<{ refunded: boolean }> {
      const now = new Date();
      if (!manageable(row, now)) throw new HttpError(409, 'not_cancellable', 'This booking can no longer be cancelled online. Please contact us.');
      if (row.paidAt && now.getTime() - row.paidAt.getTime() <= REFUND_WINDOW_MS) {
        const refunded = await refund(row.id, { cancelled: true });
        await sendCancellation(refunded, true);
        return { refunded: true };
      }
      const cancelled = await orderRepository.cancelWithoutRefund(db, row.id, now);
      if (!cancelled) throw new HttpError(409, 'not_cancellable', 'This booking can no longer be cancelled online. Please contact us.');
      await sendCancellation(cancelled, false);
      return { refunded: false };
    },

    /** Signed reschedule link: another free slot, until 24 hours before the booked start. */
    async rescheduleByLink(row: OrderRow, startIso: string): Promise<OrderRow> {
      const now = new Date();
      if (!manageable(row, now) || row.startTime!.getTime() - now.getTime() <= RESCHEDULE_CUTOFF_MS) {
        throw new HttpError(409, 'not_reschedulable', 'This booking can no longer be moved online. Please contact us.');
      }
      const start = new Date(startIso);
      if (Number.isNaN(start.getTime()) || start <= now) throw new HttpError(400, 'invalid_start_time', 'Please choose a time in the future.');
      if (!isBookableStart(start)) {
        throw new HttpError(400, 'invalid_start_time', 'Bookings start between 9:00 AM and 6:00 PM IST, on the quarter hour.');
      }
      const end = new Date(start.getTime() + (row.endTime!.getTime() - row.startTime!.getTime()));
      const moved = await db.transaction(async (txRaw) => {
        const tx = asDb(txRaw);
        await orderRepository.lock(tx, CONSULTATION_LOCK);
        if (await orderRepository.findOverlapping(tx, start, end, now, row.id)) {
          throw new HttpError(409, 'slot_taken', 'This time slot is no longer available. Please choose another time.');
        }
        return orderRepository.reschedule(tx, row.id, start, end);
      });
      if (!moved) throw new HttpError(409, 'not_reschedulable', 'This booking can no longer be moved online. Please contact us.');
      try {
        await app.mail.send({
          to: moved.attendeeEmail!,
          subject: `Booking moved: ${moved.packageName} on ${whenIst(start)}`,
          text: `Your ${moved.packageName} is now on ${whenIst(start)} (${start.toISOString()} UTC). The updated invitation is attached.`,
          attachments: [{ filename: 'invite.ics', content: app.calendar.ics(booking(moved)), contentType: 'text/calendar; charset=utf-8; method=REQUEST' }],
        });
      } catch (error) {
        log.error({ err: { message: (error as Error).message }, orderId: row.id }, 'reschedule e-mail failed');
      }
      return moved;
    },

    refund,
    toAdminOrders,

    async adminPage(filter: AdminOrderFilter, page: number, pageSize: number): Promise<AdminOrderPage> {
      const { rows, total } = await orderRepository.adminPage(db, filter, pageSize, (page - 1) * pageSize);
      return { items: await toAdminOrders(rows), total, page, page_size: pageSize };
    },

    /** Every matching order, newest first, a batch at a time (for a streamed export). */
    async *adminExport(filter: AdminOrderFilter): AsyncGenerator<AdminOrder> {
      let after: { createdAt: Date; id: string } | undefined;
      for (;;) {
        const rows = await orderRepository.adminBatch(db, filter, after, 200);
        if (!rows.length) return;
        yield* await toAdminOrders(rows);
        const last = rows[rows.length - 1]!;
        after = { createdAt: last.createdAt, id: last.id };
      }
    },

    async stats(now = new Date()): Promise<AdminOrderStats> {
      const DAY = 24 * HOUR;
      const IST = 330 * 60_000;
      // Monday 00:00 IST of the current week, then eleven weeks before it.
      const istNow = new Date(now.getTime() + IST);
      const mondayIst = Date.UTC(istNow.getUTCFullYear(), istNow.getUTCMonth(), istNow.getUTCDate()) - ((istNow.getUTCDay() + 6) % 7) * DAY;
      const firstWeek = mondayIst - 11 * 7 * DAY;
      const weekRows = new Map((await orderRepository.paidPerWeek(db, new Date(firstWeek - IST))).map((row) => [row.week, row]));
      const weeks = Array.from({ length: 12 }, (_, i) => {
        const key = new Date(firstWeek + i * 7 * DAY).toISOString().slice(0, 10);
        const row = weekRows.get(key);
        return { week_start: key, paid_orders: row?.orders ?? 0, revenue_paise: row?.revenue ?? 0 };
      });
      const todayIst = Date.UTC(istNow.getUTCFullYear(), istNow.getUTCMonth(), istNow.getUTCDate());
      const dayRows = new Map(
        (await orderRepository.bookingsPerDay(db, new Date(todayIst - IST), new Date(todayIst + 14 * DAY - IST))).map((row) => [row.date, row.bookings]),
      );
      const bookings_ahead = Array.from({ length: 14 }, (_, i) => {
        const date = new Date(todayIst + i * DAY).toISOString().slice(0, 10);
        return { date, bookings: dayRows.get(date) ?? 0 };
      });
      return { currency: 'INR', weeks, bookings_ahead };
    },

    expireHolds: () => orderRepository.expireHolds(db, new Date()),
    startSweep() {
      const timer = setInterval(() => {
        // Every instance runs the sweep; one at a time does the work (db/exclusive-job.ts).
        runExclusively(db, 'orders:expire-holds', (tx) => orderRepository.expireHolds(tx, new Date())).catch((err: Error) => log.warn({ err: { message: err.message } }, 'order hold sweep failed'));
      }, SWEEP_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

/** Orders: the price authority, seat and slot holds, payment events, refunds. */
export const ordersPlugin = fp(
  async (app) => {
    const { config } = app;
    const orders = createOrdersService(app, config, await storedSecret(app.database.db, 'order_link_secret'));
    await orders.seed();
    app.decorate('orders', orders);
    const stop = orders.startSweep();
    app.addHook('onClose', async () => stop());
  },
  { name: 'orders', dependencies: ['database', 'payments', 'mail', 'accounts', 'calendar', 'events', 'packages'] },
);
