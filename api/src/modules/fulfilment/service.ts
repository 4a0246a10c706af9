import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { site } from '@site/shared/site-config';
import type { Db } from '../../db/database';
import { servicePlugin } from '../../lib/service-plugin';
import { HttpError } from '../../plugins/errors';
import type { OrderRow } from '../orders/service';
import { createInvitations, type Invitation } from './invitation';
import { createOrderMails } from './mails';
import { createConsultancyNotices } from './notices';
import { createBookingReminders } from './reminders';
import { invitationRepository } from './repository';

/** One job per paid order, queued in the payment's transaction; its worker does what a payment starts. */
export const ORDER_PAID_QUEUE = 'order.paid';
/** Rooms read as the consultancy's; the random part (120 bits) makes them unguessable and unique. */
const ROOM_PREFIX = site.name.replace(/[^A-Za-z0-9]+/g, '');
interface OrderPaidJob {
  orderId: string;
}
const PENDING = ['created', 'retry', 'active'];

/**
 * Fulfilment: what happens once an order is paid (the confirmation, a consultation's calendar
 * invitation and reminders, the consultancy's copy), worked from the `order.paid` job; and the
 * notices of later changes, queued in the transaction of the change.
 */
export function createFulfilmentService(app: FastifyInstance) {
  const db = app.database.db;
  const links = { link: app.orders.link };
  const invitations = createInvitations(app, links);
  const reminders = createBookingReminders(app, links);
  const notifyConsultancy = createConsultancyNotices(app, invitations.icsAttachment);
  const mails = createOrderMails(app, links, invitations, notifyConsultancy, reminders);

  /**
   * The booking's own meeting room, made once: an unguessable room under the admin's address (public
   * Jitsi by default). With Google Calendar, its event's Google Meet replaces it when made.
   */
  async function meetingRoomOf(tx: Db, row: OrderRow): Promise<OrderRow> {
    if (row.meetingUrl) return row;
    const base = (await app.consultations.meetingBase(tx)).replace(/\/+$/, '');
    const room = `${base}/${ROOM_PREFIX}-${randomBytes(15).toString('base64url')}`;
    return (await invitationRepository.setMeetingUrl(tx, row.id, room, true)) ?? row;
  }

  /** The worker of `order.paid`: each step is done once, however often the job runs. */
  async function fulfil({ orderId }: OrderPaidJob): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await app.orders.findById(orderId, tx);
      // Refunded or cancelled before its turn came: those changes told the buyer.
      if (!row || row.status !== 'paid' || row.cancelledAt) return;
      if (row.kind === 'package') return mails.packagePaid(tx, row);
      const booked = await meetingRoomOf(tx, row);
      await invitations.queueInvitation(tx, booked, true);
      await reminders.schedule(tx, booked);
      await notifyConsultancy(tx, booked, 'booked');
    });
  }

  return {
    reminders,
    moved: mails.moved,
    cancelled: mails.cancelled,
    dropReminders: reminders.drop,

    /** Queues the order's `order.paid` job in `tx`, the payment's transaction (one per order: its id is the order's). */
    async orderPaid(tx: Db, row: OrderRow): Promise<void> {
      await app.jobs.send<OrderPaidJob>(ORDER_PAID_QUEUE, { orderId: row.id }, { tx, id: row.id });
    },

    /** The buyer's refund e-mail in `tx`; a full refund also ends the booking's reminders and tells the consultancy (`detail`). */
    async refunded(tx: Db, row: OrderRow, refund: { refundId: string; amountPaise: number; late?: boolean }, detail = ''): Promise<void> {
      const ended = row.status === 'refunded' && !refund.late;
      if (ended) await reminders.drop(tx, row.id);
      await mails.refunded(tx, row, refund);
      if (ended) await notifyConsultancy(tx, row, 'refunded', detail);
    },

    /** A deleting buyer's reminders go with their address, in the deletion's transaction. */
    async forgetBuyer(userId: string, tx: Db): Promise<void> {
      for (const row of await app.orders.listForUser(userId, tx)) {
        if (row.status === 'paid') await reminders.drop(tx, row.id);
      }
    },

    /**
     * POST /calendar/create-event: the paid booking's invitation, at most one per order. While its
     * `order.paid` job is still to run, that job sends it (with the confirmation), so nothing is made here.
     */
    async invite(row: OrderRow | undefined): Promise<Invitation & { order_id: string }> {
      if (!row || row.kind !== 'consultation') throw new HttpError(404, 'not_found', 'Booking not found.');
      if (row.status !== 'paid' || row.cancelledAt) throw new HttpError(409, 'not_paid', 'Only a paid booking gets a calendar invitation.');
      const [job] = await app.jobs.boss.findJobs(ORDER_PAID_QUEUE, { id: row.id });
      if (job && PENDING.includes(job.state)) return { order_id: row.id, created: false, via: row.calendarVia ?? app.calendar.via };
      return { order_id: row.id, ...(await db.transaction((tx) => invitations.queueInvitation(tx, row, false))) };
    },

    /** An admin's own link for a booking, in `tx` (the audit's): never one another booking has. */
    async replaceMeetingUrl(tx: Db, row: OrderRow, url: string): Promise<OrderRow> {
      if (row.kind !== 'consultation') throw new HttpError(404, 'not_found', 'Booking not found.');
      if (await invitationRepository.meetingUrlTaken(tx, url, row.id)) {
        throw new HttpError(409, 'meeting_link_taken', 'Another booking already has that meeting link: each booking needs its own.');
      }
      return (await invitationRepository.setMeetingUrl(tx, row.id, url, false))!;
    },

    icsFor(row: OrderRow): string {
      if (row.kind !== 'consultation' || row.status !== 'paid' || row.cancelledAt) {
        throw new HttpError(404, 'not_found', 'No invitation for this order.');
      }
      return invitations.ics(row);
    },

    async defineJobs(): Promise<void> {
      await reminders.defineJobs();
      await invitations.defineJobs();
      await app.jobs.define<OrderPaidJob>(ORDER_PAID_QUEUE, {
        options: { retryLimit: 24, retryDelay: 20, retryBackoff: true, retryDelayMax: 3600 },
        handler: async (jobs) => {
          for (const job of jobs) await fulfil(job.data);
        },
      });
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;

declare module 'fastify' {
  interface FastifyInstance {
    fulfilment: FulfilmentService;
  }
}

export const fulfilmentPlugin = servicePlugin(
  'fulfilment',
  async (app) => {
    const fulfilment = createFulfilmentService(app);
    await fulfilment.defineJobs();
    return fulfilment;
  },
  { dependencies: ['database', 'jobs', 'mail-queue', 'orders', 'calendar', 'consultations', 'users'] },
);
