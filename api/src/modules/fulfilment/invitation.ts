import type { FastifyInstance } from 'fastify';
import { REFUND_WINDOW_MS } from '@site/shared/contracts/booking-policy';
import { formatWhen } from '@site/shared/dates';
import { formatPaise } from '@site/shared/money';
import { site } from '@site/shared/site-config';
import type { Db } from '../../db/database';
import { emailOrigin } from '../../lib/origin';
import type { MailMessage } from '../mail/service';
import type { OrderLinks } from '../orders/links';
import type { OrderRow } from '../orders/service';
import { whenForBuyer } from './times';
import { joinDetails, manageLinks, receiptLink } from './reminders';
import { invitationRepository } from './repository';

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

export type Invitation = { created: boolean; via: 'google' | 'ics_email' };

/**
 * A booked consultation's one calendar invitation: the .ics by e-mail, or (Google Calendar
 * configured) a Google event made by a job of its own and then the e-mail.
 */
export function createInvitations(app: FastifyInstance, links: Pick<OrderLinks, 'link'>) {
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
      ...(row.meetingUrl ? { meetingUrl: row.meetingUrl } : {}),
    };
  }

  const icsAttachment = (row: OrderRow, method: 'REQUEST' | 'CANCEL') => ({
    filename: 'invite.ics',
    content: app.calendar.ics(booking(row, method === 'CANCEL')),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  });

  /** The invitation e-mail, as `via` delivered the calendar entry. */
  function invitationMail(row: OrderRow, confirmation: boolean, via: 'google' | 'ics_email', meetingLink: string | undefined): MailMessage {
    const origin = emailOrigin(config);
    const start = row.startTime!;
    const refundable = row.paidAt ? new Date(row.paidAt.getTime() + REFUND_WINDOW_MS) : undefined;
    const receipt = receiptLink(links, row.id, origin);
    const manage = manageLinks(links, row.id, origin);
    return {
      to: row.attendeeEmail!,
      subject: `Booking confirmed: ${row.packageName} on ${formatWhen(start)}`,
      text: [
        confirmation ? 'Booking confirmed! Thank you for your payment.' : 'Your calendar invitation.',
        '',
        `${row.packageName}: ${whenForBuyer(start, row.timeZone)}, until ${whenForBuyer(row.endTime!, row.timeZone)}.`,
        `Amount paid: ${formatPaise(row.amountPaise)}. Order: ${row.id}`,
        receipt.line,
        via === 'ics_email' ? 'The calendar invitation is attached (invite.ics).' : 'A Google Calendar invitation has been sent to this address.',
        '',
        joinDetails(meetingLink),
        '',
        ...manage.lines,
        refundable ? `Cancelling before ${formatWhen(refundable)} is refunded in full automatically; after that, please contact us.` : '',
      ].join('\n'),
      buttons: { ...receipt.buttons, ...manage.buttons },
      ...(via === 'ics_email' ? { attachments: [icsAttachment(row, 'REQUEST')] } : {}),
    };
  }

  /**
   * Claims the order's one invitation and queues it in `tx`: the e-mail with the .ics, or (Google
   * Calendar configured) a job that makes the event and then queues the e-mail. Answers created
   * false when it was claimed before.
   */
  async function queueInvitation(tx: Db, row: OrderRow, confirmation: boolean): Promise<Invitation> {
    const claimed = await invitationRepository.claimInvite(tx, row.id, app.calendar.via);
    if (!claimed) {
      const current = await app.orders.findById(row.id, tx);
      return { created: false, via: current?.calendarVia ?? app.calendar.via };
    }
    if (app.calendar.via === 'google') {
      await app.jobs.send<CalendarEventJob>(CALENDAR_EVENT_QUEUE, { orderId: row.id, confirmation }, { tx });
    } else if (claimed.attendeeEmail) {
      const mail = invitationMail(claimed, confirmation, 'ics_email', claimed.meetingUrl ?? undefined);
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
    const row = await app.orders.findById(orderId);
    if (!row || row.status !== 'paid' || row.cancelledAt || !row.attendeeEmail) return;
    let via: 'google' | 'ics_email' = row.calendarVia ?? 'google';
    let meetingUrl = row.meetingUrl ?? undefined;
    if (via === 'google' && !row.calendarEventId) {
      try {
        const event = await app.calendar.createGoogleEvent(booking(row));
        await invitationRepository.setCalendarEvent(db, row.id, 'google', event.id);
        // Google made the event's Meet: the booking's room is that one.
        if (event.meetUrl) meetingUrl = (await invitationRepository.setMeetingUrl(db, row.id, event.meetUrl, false))?.meetingUrl ?? meetingUrl;
      } catch (error) {
        log.warn({ ...errorOf(error), orderId: row.id }, 'Google Calendar refused; sending the .ics by e-mail');
        via = 'ics_email';
        await invitationRepository.setCalendarEvent(db, row.id, 'ics_email', null);
      }
    }
    await app.enqueueMail(invitationMail(row, confirmation, via, meetingUrl), { key: invitationKey(row.id, confirmation) });
  }

  return {
    icsAttachment,
    queueInvitation,
    ics: (row: OrderRow) => app.calendar.ics(booking(row)),

    /** Defines the calendar job's queue and its worker (one Google event per job, retried with backoff). */
    async defineJobs(): Promise<void> {
      await app.jobs.define<CalendarEventJob>(CALENDAR_EVENT_QUEUE, {
        options: { retryLimit: 24, retryDelay: 20, retryBackoff: true, retryDelayMax: 3600 },
        handler: async (jobs) => {
          for (const job of jobs) await createCalendarEvent(job.data);
        },
      });
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
