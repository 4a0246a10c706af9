import type { FastifyInstance } from 'fastify';
import { RESCHEDULE_CUTOFF_HOURS } from '@site/shared/contracts/booking-policy';
import { formatWhen } from '@site/shared/dates';
import type { Db } from '../../db/database';
import { emailOrigin } from '../../lib/origin';
import { transactionForBoss } from '../jobs/boss-database';
import type { MailMessage } from '../mail/service';
import type { OrderLinks } from '../orders/links';
import type { OrderRow } from '../orders/service';
import { whenForBuyer } from './times';

/** The queue of booking reminders: one job per reminder, due at its time. */
export const REMINDER_QUEUE = 'orders.booking-reminder';

/** How long before the start each reminder goes out. */
export const REMINDER_LEADS = { '24h': 24 * 3_600_000, '1h': 3_600_000 } as const;
export type ReminderLead = keyof typeof REMINDER_LEADS;

export interface ReminderJob {
  orderId: string;
  lead: ReminderLead;
  /** The start the reminder was scheduled for: a booking moved since is reminded by its new jobs. */
  start: string;
}

/** Said where the meeting link goes for a booking paid before rooms were made per booking. */
export const NO_MEETING_LINK_YET = 'We will send the meeting link before the call.';

/** How to join, as every booking e-mail says it. */
export const joinDetails = (meetingLink: string | undefined) => (meetingLink ? `Join the call: ${meetingLink}` : NO_MEETING_LINK_YET);

/** The reschedule and cancel links, as every booking e-mail gives them: the lines, and their buttons' labels. */
export function manageLinks(links: Pick<OrderLinks, 'link'>, orderId: string, origin: string): { lines: string[]; buttons: Record<string, string> } {
  const reschedule = links.link('reschedule', orderId, origin);
  const cancel = links.link('cancel', orderId, origin);
  return {
    lines: [`Reschedule (until ${RESCHEDULE_CUTOFF_HOURS} hours before the start): ${reschedule}`, `Cancel: ${cancel}`],
    buttons: { [reschedule]: 'Reschedule', [cancel]: 'Cancel booking' },
  };
}

/** The receipt's link line and its button's label. */
export function receiptLink(links: Pick<OrderLinks, 'link'>, orderId: string, origin: string): { line: string; buttons: Record<string, string> } {
  const receipt = links.link('receipt', orderId, origin);
  return { line: `Receipt (printable): ${receipt}`, buttons: { [receipt]: 'View receipt' } };
}

/**
 * The reminders of a booked consultation, 24 hours and 1 hour before its start: scheduled with the
 * payment, moved with the booking, dropped with its cancellation, each in that change's transaction.
 * A reminder also checks the booking when it runs, so one left behind (a refund by the provider)
 * sends nothing.
 */
export function createBookingReminders(app: FastifyInstance, links: Pick<OrderLinks, 'link'>) {

  /** Cancels the reminders of `orderId` not yet sent, in `tx`. */
  async function drop(tx: Db, orderId: string): Promise<void> {
    const boss = transactionForBoss(tx);
    const queued = await app.jobs.boss.findJobs<ReminderJob>(REMINDER_QUEUE, { data: { orderId }, queued: true, db: boss });
    for (const job of queued) await app.jobs.cancel(REMINDER_QUEUE, job.id, { tx });
  }

  /** Replaces the reminders of a paid consultation by those of its current start; past times are skipped. */
  async function schedule(tx: Db, row: OrderRow, now = new Date()): Promise<void> {
    await drop(tx, row.id);
    if (row.kind !== 'consultation' || !row.startTime) return;
    const start = row.startTime;
    for (const [lead, before] of Object.entries(REMINDER_LEADS) as [ReminderLead, number][]) {
      const at = new Date(start.getTime() - before);
      if (at <= now) continue;
      await app.jobs.sendAt<ReminderJob>(REMINDER_QUEUE, { orderId: row.id, lead, start: start.toISOString() }, at, {
        tx,
        singletonKey: `${row.id}:${lead}:${start.toISOString()}`,
      });
    }
  }

  function reminderMail(row: OrderRow, lead: ReminderLead, meetingLink: string | undefined): MailMessage {
    const origin = emailOrigin(app.config);
    const start = row.startTime!;
    const manage = manageLinks(links, row.id, origin);
    return {
      to: row.attendeeEmail!,
      subject: `Reminder: your ${row.packageName} ${lead === '24h' ? 'is tomorrow' : 'starts in 1 hour'}, ${formatWhen(start)}`,
      text: [
        `Your ${row.packageName} starts ${lead === '24h' ? 'in 24 hours' : 'in 1 hour'}: ${whenForBuyer(start, row.timeZone)}, until ${whenForBuyer(row.endTime!, row.timeZone)}.`,
        '',
        joinDetails(meetingLink),
        '',
        ...manage.lines,
        `Order: ${row.id}`,
      ].join('\n'),
      buttons: manage.buttons,
    };
  }

  /** Sends one reminder, if its booking is still paid, on the same start, and not yet begun at `now`. */
  async function remind({ orderId, lead, start }: ReminderJob, now = new Date()): Promise<boolean> {
    const row = await app.orders.findById(orderId);
    // No attendee address (the buyer deleted their account): nobody to remind.
    if (!row || row.status !== 'paid' || row.cancelledAt || !row.startTime || !row.attendeeEmail) return false;
    if (row.startTime.toISOString() !== start || row.startTime <= now) return false;
    // Run late (the site was down at its moment): its words would no longer be true, and the next
    // reminder may be due too. Past a quarter of its lead it is skipped, so two never go at once.
    const late = now.getTime() - (row.startTime.getTime() - REMINDER_LEADS[lead]);
    if (late > REMINDER_LEADS[lead] / 4) {
      app.log.info({ orderId, lead, lateMinutes: Math.round(late / 60_000) }, 'reminder skipped: its moment passed while the site was down');
      return false;
    }
    const mail = reminderMail(row, lead, row.meetingUrl ?? undefined);
    await app.enqueueMail(mail, { key: `order:${orderId}:reminder:${lead}:${start}` });
    return true;
  }

  return {
    schedule,
    drop,
    remind,
    async defineJobs(): Promise<void> {
      await app.jobs.define<ReminderJob>(REMINDER_QUEUE, {
        // 'short': a reminder already waiting for the same order, lead and start is not queued twice.
        options: { policy: 'short', retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 600, deleteAfterSeconds: 7 * 86_400 },
        handler: async (jobs) => {
          for (const job of jobs) await remind(job.data);
        },
      });
    },
  };
}

export type BookingReminders = ReturnType<typeof createBookingReminders>;
