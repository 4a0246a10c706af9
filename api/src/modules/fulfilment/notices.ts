import type { FastifyInstance } from 'fastify';
import { formatWhen } from '@site/shared/dates';
import { site } from '@site/shared/site-config';
import { formatPaise } from '@site/shared/money';
import type { Db } from '../../db/database';
import { emailOrigin } from '../../lib/origin';
import type { MailMessage } from '../mail/service';
import type { OrderRow } from '../orders/service';

/** What happened to a booking, as the consultancy hears of it. */
export type BookingChange = 'booked' | 'moved' | 'cancelled' | 'refunded';

const headline: Record<BookingChange, string> = {
  booked: 'New booking',
  moved: 'Booking moved',
  cancelled: 'Booking cancelled',
  refunded: 'Booking refunded',
};

/**
 * The consultancy's own copy of each booking change (NOTIFY_EMAIL, else the site's address), with
 * the booking's .ics, queued in the change's transaction like the buyer's mail.
 */
export function createConsultancyNotices(
  app: FastifyInstance,
  ics: (row: OrderRow, method: 'REQUEST' | 'CANCEL') => NonNullable<MailMessage['attachments']>[number],
) {
  const to = app.config.NOTIFY_EMAIL ?? site.email;
  return async function notifyConsultancy(tx: Db, row: OrderRow, change: BookingChange, detail = ''): Promise<void> {
    if (row.kind !== 'consultation' || !row.startTime) return;
    const start = row.startTime;
    const ended = change === 'cancelled' || change === 'refunded';
    await app.enqueueMail(
      {
        to,
        subject: `${headline[change]}: ${row.packageName} on ${formatWhen(start)}`,
        text: [
          `${headline[change]}: ${row.packageName}, ${formatWhen(start)} until ${formatWhen(row.endTime!)}.`,
          `Attendee: ${row.attendeeEmail ?? 'unknown'}`,
          row.discussion ? `What they would like to discuss: ${row.discussion}` : '',
          `Amount: ${formatPaise(row.amountPaise)}. Order: ${row.id}`,
          detail,
          '',
          `Orders: ${emailOrigin(app.config)}/admin/orders`,
        ]
          .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
          .join('\n'),
        attachments: [ics(row, ended ? 'CANCEL' : 'REQUEST')],
      },
      // A move is its own notice per new start; the others happen once per order.
      { key: `order:${row.id}:notify:${change}${change === 'moved' ? `:${start.toISOString()}` : ''}`, tx },
    );
  };
}

export type ConsultancyNotices = ReturnType<typeof createConsultancyNotices>;
