import type { FastifyInstance } from 'fastify';
import { REFUND_WINDOW_HOURS, REFUND_WINDOW_MS } from '@site/shared/contracts/booking-policy';
import { BOOKING_DATE_STYLE, formatIstDate } from '@site/shared/dates';
import { formatPaise } from '@site/shared/money';
import { site } from '@site/shared/site-config';
import { emailOrigin } from '../../lib/origin';
import type { OrderLinks } from './links';
import type { Db } from '../../db/database';
import type { MailMessage } from '../mail/service';
import { createConsultancyNotices } from './notify';
import { createBookingReminders, joinDetails, manageLines } from './reminders';
import { orderRepository } from './repository';
import type { OrderRow } from './table';
import type { TicketEvents } from './ticket-events';

/** "December 1, 2026 at 10:00 AM IST", as the booking screens write it. */
export const whenIst = (date: Date) => formatIstDate(date.toISOString(), BOOKING_DATE_STYLE, true);
export const rupees = (amountPaise: number) => formatPaise(amountPaise, { paise: true });

/** The queue that makes an order's Google Calendar event, retried apart from the order's change. */
export const CALENDAR_EVENT_QUEUE = 'calendar.create-event';
interface CalendarEventJob {
  orderId: string;
  confirmation: boolean;
}
/**
 * The idempotency key of an order's invitation mail: the paid confirmation (which carries the
 * invitation) or an invitation asked for later through create-event.
 */
const invitationKey = (orderId: string, confirmation: boolean) => `order:${orderId}:${confirmation ? 'paid' : 'invite'}`;
const errorOf = (error: unknown) => ({ err: { message: (error as Error).message } });

/**
 * The e-mails of an order (confirmation, invitation, moved, cancelled) and its one calendar
 * invitation, each queued in the transaction of the change that causes it (a transactional
 * outbox): it is sent, and retried, if and only if that change committed.
 */
export function createOrderMails(app: FastifyInstance, links: OrderLinks, ticketEvents: TicketEvents) {
  const db = app.database.db;
  const { config, log } = app;
  const reminders = createBookingReminders(app, links, whenIst);

  /** The booking as the calendar sees it (an invitation, or its cancellation). */
  function booking(row: OrderRow, cancelled = false) {
    return {
      orderId: row.id,
      title: `${row.packageName} Booking`,
      description: `Your ${row.packageName} with ${site.name}.\nManage your booking: ${emailOrigin(config)}/orders`,
      start: row.startTime!,
      end: row.endTime!,
      attendeeEmail: row.attendeeEmail!,
      sequence: row.inviteSequence,
      cancelled,
    };
  }

  const icsAttachment = (row: OrderRow, method: 'REQUEST' | 'CANCEL') => ({
    filename: 'invite.ics',
    content: app.calendar.ics(booking(row, method === 'CANCEL')),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  });
  const notifyConsultancy = createConsultancyNotices(app, whenIst, icsAttachment);

  /** The invitation e-mail, as `via` delivered the calendar entry. */
  function invitationMail(row: OrderRow, confirmation: boolean, via: 'google' | 'ics_email', meetingLink: string | undefined): MailMessage {
    const origin = emailOrigin(config);
    const start = row.startTime!;
    const refundable = row.paidAt ? new Date(row.paidAt.getTime() + REFUND_WINDOW_MS) : undefined;
    return {
      to: row.attendeeEmail!,
      subject: `Booking confirmed: ${row.packageName} on ${whenIst(start)}`,
      text: [
        confirmation ? 'Booking confirmed! Thank you for your payment.' : 'Your calendar invitation.',
        '',
        `${row.packageName}: ${whenIst(start)}, until ${whenIst(row.endTime!)}.`,
        `Amount paid: ${rupees(row.amountPaise)}. Order: ${row.id}`,
        `Receipt (printable): ${links.link('receipt', row.id, origin)}`,
        via === 'ics_email' ? 'The calendar invitation is attached (invite.ics).' : 'A Google Calendar invitation has been sent to this address.',
        '',
        joinDetails(meetingLink),
        '',
        ...manageLines(links, row.id, origin),
        refundable ? `Cancelling before ${whenIst(refundable)} is refunded in full automatically; after that, please contact us.` : '',
      ].join('\n'),
      ...(via === 'ics_email' ? { attachments: [icsAttachment(row, 'REQUEST')] } : {}),
    };
  }

  /**
   * Claims the order's one invitation and queues it in `tx`, the transaction of the change that
   * causes it: the e-mail with the .ics, or (Google Calendar configured) a job that makes the event
   * and then queues the e-mail. Answers created false when it was claimed before.
   */
  async function queueInvitation(tx: Db, row: OrderRow, confirmation: boolean): Promise<{ created: boolean; via: 'google' | 'ics_email' }> {
    const claimed = await orderRepository.claimInvite(tx, row.id, app.calendar.via);
    if (!claimed) {
      const current = await orderRepository.findById(tx, row.id);
      return { created: false, via: current?.calendarVia ?? app.calendar.via };
    }
    if (app.calendar.via === 'google') {
      await app.jobs.send<CalendarEventJob>(CALENDAR_EVENT_QUEUE, { orderId: row.id, confirmation }, { tx });
    } else if (claimed.attendeeEmail) {
      const mail = invitationMail(claimed, confirmation, 'ics_email', await app.consultations.meetingLink(tx));
      await app.enqueueMail(mail, { key: invitationKey(row.id, confirmation), tx });
    }
    return { created: true, via: app.calendar.via };
  }

  /**
   * The Google Calendar event of a claimed invitation, then its e-mail. Google refusing falls back
   * to the .ics by e-mail; a failure to record or queue throws, and the job is retried. A retry
   * after the event was made does not make it again.
   */
  async function createCalendarEvent({ orderId, confirmation }: CalendarEventJob): Promise<void> {
    const row = await orderRepository.findById(db, orderId);
    if (!row || row.status !== 'paid' || row.cancelledAt || !row.attendeeEmail) return;
    let via: 'google' | 'ics_email' = row.calendarVia ?? 'google';
    if (via === 'google' && !row.calendarEventId) {
      try {
        await orderRepository.setCalendarEvent(db, row.id, 'google', await app.calendar.createGoogleEvent(booking(row)));
      } catch (error) {
        log.warn({ ...errorOf(error), orderId: row.id }, 'Google Calendar refused; sending the .ics by e-mail');
        via = 'ics_email';
        await orderRepository.setCalendarEvent(db, row.id, 'ics_email', null);
      }
    }
    await app.enqueueMail(invitationMail(row, confirmation, via, await app.consultations.meetingLink()), { key: invitationKey(row.id, confirmation) });
  }

  return {
    queueInvitation,
    reminders,
    notifyConsultancy,

    /** Defines the calendar job's queue and its worker (one Google event per job, retried with backoff). */
    async defineJobs(): Promise<void> {
      await reminders.defineJobs();
      await app.jobs.define<CalendarEventJob>(CALENDAR_EVENT_QUEUE, {
        options: { retryLimit: 24, retryDelay: 20, retryBackoff: true, retryDelayMax: 3600 },
        handler: async (jobs) => {
          for (const job of jobs) await createCalendarEvent(job.data);
        },
      });
    },

    ics: (row: OrderRow) => app.calendar.ics(booking(row)),

    /** Queues the confirmation e-mail (with the calendar invitation for a consultation) in `tx`. */
    async paid(tx: Db, row: OrderRow): Promise<void> {
      if (row.kind !== 'package') {
        await queueInvitation(tx, row, true);
        await reminders.schedule(tx, row);
        await notifyConsultancy(tx, row, 'booked');
        return;
      }
      const to = (await app.users.findById(row.userId, tx))?.email;
      if (!to) return;
      const origin = emailOrigin(config);
      // A ticket says which event, when and where, and links its page.
      const event = (await ticketEvents([row], tx)).get(row.packageId);
      const start = event ? new Date(event.start_time) : undefined;
      await app.enqueueMail(
        {
          to,
          subject: `Payment received: ${row.packageName}${event && start ? ` for ${event.title} on ${whenIst(start)}` : ''}`,
          text: [
            `Thank you for your purchase of ${row.packageName} (${rupees(row.amountPaise)}).`,
            'Access will be activated soon.',
            ...(event && start
              ? [
                  '',
                  `Event: ${event.title}`,
                  `When: ${whenIst(start)}${event.end_time ? `, until ${whenIst(new Date(event.end_time))}` : ''}`,
                  `Where: ${event.location}`,
                  `Event page: ${origin}${event.url}`,
                ]
              : []),
            '',
            `Order: ${row.id}`,
            `Receipt (printable): ${links.link('receipt', row.id, origin)}`,
            `Your orders: ${origin}/orders`,
          ].join('\n'),
        },
        { key: `order:${row.id}:paid`, tx },
      );
    },

    /** Queues the moved booking's e-mail in `tx`, once per new start. */
    async moved(tx: Db, row: OrderRow): Promise<void> {
      const start = row.startTime!;
      await reminders.schedule(tx, row);
      await notifyConsultancy(tx, row, 'moved');
      // A buyer who deleted their account left no address to tell.
      if (!row.attendeeEmail) return;
      await app.enqueueMail(
        {
          to: row.attendeeEmail!,
          subject: `Booking moved: ${row.packageName} on ${whenIst(start)}`,
          text: [
            `Your ${row.packageName} is now on ${whenIst(start)}, until ${whenIst(row.endTime!)}. The updated invitation is attached.`,
            '',
            joinDetails(await app.consultations.meetingLink(tx)),
            '',
            ...manageLines(links, row.id, emailOrigin(config)),
            `Order: ${row.id}`,
          ].join('\n'),
          attachments: [icsAttachment(row, 'REQUEST')],
        },
        { key: `order:${row.id}:moved:${start.toISOString()}`, tx },
      );
    },

    /**
     * Queues the buyer's refund e-mail in `tx`, once per refund: a full refund (a refunded
     * consultation carries the calendar's CANCEL), a partial one (the booking or ticket stands),
     * or the return of a payment that arrived after its hold ran out.
     */
    async refunded(tx: Db, row: OrderRow, refund: { refundId: string; amountPaise: number; late?: boolean }): Promise<void> {
      const buyer = row.attendeeEmail ? undefined : await app.users.findById(row.userId, tx);
      // A deleted account has no address left to write to.
      const to = row.attendeeEmail ?? (buyer?.deletedAt ? undefined : buyer?.email);
      if (!to) return;
      const item = row.kind === 'consultation' ? `${row.packageName} on ${whenIst(row.startTime!)}` : row.packageName;
      const full = row.status === 'refunded' || refund.late;
      const lines = refund.late
        ? [
            `Your payment of ${rupees(refund.amountPaise)} for ${item} arrived after the hold on your order ran out, so the order could not be completed.`,
            'The full amount has been refunded to your original payment method.',
          ]
        : full
          ? [
              `A full refund of ${rupees(refund.amountPaise)} for ${item} has been issued to your original payment method.`,
              row.kind === 'consultation' ? 'The booking is cancelled and its calendar entry withdrawn.' : 'The purchase is cancelled.',
            ]
          : [
              `A partial refund of ${rupees(refund.amountPaise)} of the ${rupees(row.amountPaise)} you paid for ${item} has been issued to your original payment method.`,
              row.kind === 'consultation' ? 'Your booking stands.' : 'Your purchase stands.',
            ];
      const withdraw = full && !refund.late && row.kind === 'consultation' && row.calendarInvitedAt;
      await app.enqueueMail(
        {
          to,
          subject: `${full ? 'Refund issued' : 'Partial refund issued'}: ${row.packageName}`,
          text: [
            ...lines,
            'Refunds usually reach your account within 5–7 working days.',
            '',
            `Order: ${row.id}`,
            `Your orders: ${emailOrigin(config)}/orders`,
          ].join('\n'),
          ...(withdraw ? { attachments: [icsAttachment(row, 'CANCEL')] } : {}),
        },
        { key: `order:${row.id}:refund:${refund.refundId}`, tx },
      );
    },

    /** Queues the cancellation e-mail in `tx`. */
    async cancelled(tx: Db, row: OrderRow, refunded: boolean): Promise<void> {
      await reminders.drop(tx, row.id);
      await notifyConsultancy(tx, row, 'cancelled', refunded ? 'Refunded in full.' : 'Not refunded (past the refund window).');
      if (!row.attendeeEmail) return;
      await app.enqueueMail(
        {
          to: row.attendeeEmail!,
          subject: `Booking cancelled: ${row.packageName}`,
          text: [
            `Your ${row.packageName} on ${whenIst(row.startTime!)} is cancelled.`,
            refunded
              ? `A full refund of ${rupees(row.amountPaise)} is on its way to your original payment method.`
              : `The ${REFUND_WINDOW_HOURS}-hour refund window has passed, so no automatic refund was made. Please contact us about a refund or credit.`,
          ].join('\n'),
          attachments: [icsAttachment(row, 'CANCEL')],
        },
        { key: `order:${row.id}:cancel`, tx },
      );
    },
  };
}

export type OrderMails = ReturnType<typeof createOrderMails>;
