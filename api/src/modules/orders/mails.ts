import type { FastifyInstance } from 'fastify';
import {
  BOOKING_TIME_ZONE,
  BOOKING_ZONE_LABEL,
  REFUND_WINDOW_HOURS,
  REFUND_WINDOW_MS,
  RESCHEDULE_CUTOFF_HOURS,
} from '@site/shared/contracts/booking-policy';
import { site } from '@site/shared/site-config';
import { emailOrigin } from '../../lib/origin';
import type { OrderLinks } from './links';
import { orderRepository } from './repository';
import type { OrderRow } from './table';

const istFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BOOKING_TIME_ZONE,
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
export const whenIst = (date: Date) => `${istFormat.format(date)} ${BOOKING_ZONE_LABEL}`;
const rupees = (amountPaise: number) => `₹${(amountPaise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
const errorOf = (error: unknown) => ({ err: { message: (error as Error).message } });

/**
 * The e-mails of an order (confirmation, invitation, moved, cancelled) and its one calendar
 * invitation. A mail that fails is logged, never thrown: the order's state is already written.
 */
export function createOrderMails(app: FastifyInstance, links: OrderLinks) {
  const db = app.database.db;
  const { config, log } = app;

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
        log.warn({ ...errorOf(error), orderId: row.id }, 'Google Calendar refused; sending the .ics by e-mail');
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
        `Reschedule (until ${RESCHEDULE_CUTOFF_HOURS} hours before the start): ${links.link('reschedule', claimed.id, origin)}`,
        `Cancel: ${links.link('cancel', claimed.id, origin)}`,
        refundable
          ? `Cancelling before ${whenIst(refundable)} is refunded in full automatically; after that, please contact us.`
          : '',
      ].join('\n'),
      ...(via === 'ics_email' ? { attachments: [icsAttachment(claimed, 'REQUEST')] } : {}),
    });
    return { created: true, via };
  }

  return {
    sendInvitation,

    ics: (row: OrderRow) => app.calendar.ics(booking(row)),

    /** The confirmation e-mail (with the calendar invitation for a consultation). */
    async paid(row: OrderRow): Promise<void> {
      try {
        if (row.kind !== 'package') {
          await sendInvitation(row, true);
          return;
        }
        const to = (await app.users.findById(row.userId))?.email;
        if (!to) return;
        await app.mail.send({
          to,
          subject: `Payment received: ${row.packageName}`,
          text: [
            `Thank you for your purchase of ${row.packageName} (${rupees(row.amountPaise)}).`,
            'Access will be activated soon.',
            '',
            `Order: ${row.id}`,
            `Your orders: ${emailOrigin(config)}/orders`,
          ].join('\n'),
        });
      } catch (error) {
        log.error({ ...errorOf(error), orderId: row.id }, 'order confirmation failed');
      }
    },

    async moved(row: OrderRow): Promise<void> {
      const start = row.startTime!;
      try {
        await app.mail.send({
          to: row.attendeeEmail!,
          subject: `Booking moved: ${row.packageName} on ${whenIst(start)}`,
          text: `Your ${row.packageName} is now on ${whenIst(start)} (${start.toISOString()} UTC). The updated invitation is attached.`,
          attachments: [icsAttachment(row, 'REQUEST')],
        });
      } catch (error) {
        log.error({ ...errorOf(error), orderId: row.id }, 'reschedule e-mail failed');
      }
    },

    async cancelled(row: OrderRow, refunded: boolean): Promise<void> {
      try {
        await app.mail.send({
          to: row.attendeeEmail!,
          subject: `Booking cancelled: ${row.packageName}`,
          text: [
            `Your ${row.packageName} on ${whenIst(row.startTime!)} is cancelled.`,
            refunded
              ? `A full refund of ${rupees(row.amountPaise)} is on its way to your original payment method.`
              : `The ${REFUND_WINDOW_HOURS}-hour refund window has passed, so no automatic refund was made. Please contact us about a refund or credit.`,
          ].join('\n'),
          attachments: [icsAttachment(row, 'CANCEL')],
        });
      } catch (error) {
        log.error({ ...errorOf(error), orderId: row.id }, 'cancellation e-mail failed');
      }
    },
  };
}

export type OrderMails = ReturnType<typeof createOrderMails>;
