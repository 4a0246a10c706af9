import type { FastifyInstance } from 'fastify';
import { REFUND_WINDOW_HOURS } from '@site/shared/contracts/booking-policy';
import { formatWhen } from '@site/shared/dates';
import { formatPaise } from '@site/shared/money';
import { emailOrigin } from '../../lib/origin';
import type { Db } from '../../db/database';
import type { OrderEvent } from '@site/shared/contracts/orders';
import type { OrderLinks } from '../orders/links';
import type { OrderRow } from '../orders/service';
import type { Invitations } from './invitation';
import type { ConsultancyNotices } from './notices';
import { joinDetails, manageLinks, receiptLink, type BookingReminders } from './reminders';
import { whenForBuyer } from './times';

/**
 * The buyer's e-mails of an order (a ticket's payment, a booking moved, refunded, cancelled), each
 * queued in the transaction of the change that causes it (a transactional outbox): it is sent, and
 * retried, if and only if that change committed. A consultation's confirmation is its invitation.
 */
export function createOrderMails(
  app: FastifyInstance,
  links: Pick<OrderLinks, 'link'>,
  { icsAttachment }: Pick<Invitations, 'icsAttachment'>,
  notifyConsultancy: ConsultancyNotices,
  reminders: BookingReminders,
) {
  const { config } = app;

  return {
    /** Queues a ticket's or package's payment e-mail in `tx`. */
    async packagePaid(tx: Db, row: OrderRow): Promise<void> {
      const to = (await app.users.findById(row.userId, tx))?.email;
      if (!to) return;
      const origin = emailOrigin(config);
      // A ticket says which event, when and where, and links its page.
      const event = (await app.orders.ticketEvents([row], tx)).get(row.packageId);
      const start = event ? new Date(event.start_time) : undefined;
      const receipt = receiptLink(links, row.id, origin);
      await app.enqueueMail(
        {
          to,
          subject: `Payment received: ${row.packageName}${event && start ? ` for ${event.title} on ${formatWhen(start)}` : ''}`,
          text: [
            `Thank you for your purchase of ${row.packageName} (${formatPaise(row.amountPaise)}).`,
            // A ticket is a seat, booked now; a subscription's access follows.
            event ? 'Your seat is booked.' : 'Access will be activated soon.',
            ...(event && start
              ? [
                  '',
                  `Event: ${event.title}`,
                  `When: ${formatWhen(start)}${event.end_time ? `, until ${formatWhen(new Date(event.end_time))}` : ''}`,
                  `Where: ${event.location}`,
                  `Event page: ${origin}${event.url}`,
                  'The event is attached for your calendar (event.ics).',
                ]
              : []),
            '',
            `Order: ${row.id}`,
            receipt.line,
            `Your orders: ${origin}/orders`,
          ].join('\n'),
          buttons: receipt.buttons,
          // A ticket goes into the buyer's calendar as a consultation does.
          ...(event && start ? { attachments: [ticketCalendarEntry(app, row, event, to, origin)] } : {}),
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
      const manage = manageLinks(links, row.id, emailOrigin(config));
      await app.enqueueMail(
        {
          to: row.attendeeEmail!,
          subject: `Booking moved: ${row.packageName} on ${formatWhen(start)}`,
          text: [
            `Your ${row.packageName} is now on ${whenForBuyer(start, row.timeZone)}, until ${whenForBuyer(row.endTime!, row.timeZone)}. The updated invitation is attached.`,
            '',
            joinDetails(row.meetingUrl ?? undefined),
            '',
            ...manage.lines,
            `Order: ${row.id}`,
          ].join('\n'),
          buttons: manage.buttons,
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
      const item = row.kind === 'consultation' ? `${row.packageName} on ${formatWhen(row.startTime!)}` : row.packageName;
      const full = row.status === 'refunded' || refund.late;
      const lines = refund.late
        ? [
            `Your payment of ${formatPaise(refund.amountPaise)} for ${item} arrived after the hold on your order ran out, so the order could not be completed.`,
            'The full amount has been refunded to your original payment method.',
          ]
        : full
          ? [
              `A full refund of ${formatPaise(refund.amountPaise)} for ${item} has been issued to your original payment method.`,
              row.kind === 'consultation' ? 'The booking is cancelled and its calendar entry withdrawn.' : 'The purchase is cancelled.',
            ]
          : [
              `A partial refund of ${formatPaise(refund.amountPaise)} of the ${formatPaise(row.amountPaise)} you paid for ${item} has been issued to your original payment method.`,
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
            `Your ${row.packageName} on ${formatWhen(row.startTime!)} is cancelled.`,
            refunded
              ? `A full refund of ${formatPaise(row.amountPaise)} is on its way to your original payment method.`
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

/** A ticket's event as a calendar entry (the invitation's generator): its time, title, place and page. */
function ticketCalendarEntry(app: FastifyInstance, row: OrderRow, event: OrderEvent, attendeeEmail: string, origin: string) {
  const start = new Date(event.start_time);
  return {
    filename: 'event.ics',
    content: app.calendar.ics({
      orderId: row.id,
      title: event.title,
      description: `Your ticket (${row.packageName}) for ${event.title}.\nEvent page: ${origin}${event.url}`,
      start,
      // An event without an end is entered at its start.
      end: event.end_time ? new Date(event.end_time) : start,
      attendeeEmail,
      sequence: 0,
      location: event.location,
      url: `${origin}${event.url}`,
    }),
    contentType: 'text/calendar; charset=utf-8; method=REQUEST',
  };
}
