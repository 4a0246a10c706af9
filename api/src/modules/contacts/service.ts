import type { Db } from '../../db/database';
import type { MailService } from '../mail/service';
import type { EnqueueMail } from '../mail/queue';
import type { ContactRequest } from '@site/shared/contracts/marketing';
import type { ContactMessageItem, Page, PageQuery } from '@site/shared/contracts/admin';
import { newestFirst, type CreatedCursor } from '../../lib/csv';
import { contactRepository, type ContactMessageRow } from './repository';
import { servicePlugin } from '../../lib/service-plugin';
import { offsetOf, pageOf } from '../../lib/paging';

/** Header values must stay on one line whatever the visitor typed. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

/** The site's own inbox: the address part of the sender the mail adapter uses. */
export function siteInbox(mail: Pick<MailService, 'from'>): string {
  return mail.from.match(/<([^>]+)>/)?.[1] ?? mail.from;
}

export interface ContactsService {
  /** Stores the message and queues its notice to the site's inbox, in one transaction. */
  create(input: ContactRequest): Promise<{ id: string }>;
  /** The admin list of messages: one page, newest first. */
  page(query: PageQuery): Promise<Page<ContactMessageItem>>;
  /** Every message, newest first, read a batch at a time (for the CSV export). */
  all(): AsyncGenerator<ContactMessageItem>;
}

const toContactMessageItem = (row: ContactMessageRow): ContactMessageItem => ({
  id: row.id,
  name: row.name,
  email: row.email,
  country_code: row.countryCode,
  phone_number: row.phoneNumber,
  subject: row.subject,
  message: row.message,
  created_at: row.createdAt.toISOString(),
});

export function createContactsService(db: Db, mail: Pick<MailService, 'from'>, enqueueMail: EnqueueMail): ContactsService {
  return {
    async create(input) {
      const phone = [input.country_code, input.phone_number].filter(Boolean).join(' ');
      // The message and its notice are written together: the notice is sent (and retried) once the message is stored.
      const id = await db.transaction(async (tx) => {
        const id = await contactRepository.insert(tx, {
          name: input.name,
          email: input.email,
          countryCode: input.country_code,
          phoneNumber: input.phone_number,
          subject: input.subject,
          message: input.message,
        });
        await enqueueMail(
          {
            to: siteInbox(mail),
            replyTo: `"${oneLine(input.name).replace(/["\\]/g, '')}" <${input.email}>`,
            subject: `New contact message: ${oneLine(input.subject)}`,
            text: [
              `From: ${oneLine(input.name)} <${input.email}>`,
              phone ? `Phone: ${phone}` : null,
              `Subject: ${oneLine(input.subject)}`,
              `Message id: ${id}`,
              '',
              input.message,
            ]
              .filter((line) => line !== null)
              .join('\n'),
          },
          { key: `contact:${id}`, tx },
        );
        return id;
      });
      return { id };
    },

    async page(query) {
      return pageOf(await contactRepository.page(db, query.page_size, offsetOf(query)), query, toContactMessageItem);
    },

    async *all() {
      yield* newestFirst((after: CreatedCursor | undefined, limit: number) => contactRepository.after(db, after, limit), toContactMessageItem);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    contacts: ContactsService;
  }
}

export const contactsPlugin = servicePlugin('contacts', (app) => createContactsService(app.database.db, app.mail, app.enqueueMail), {
  dependencies: ['database', 'mail', 'mail-queue'],
});
