import type { Db } from '../../db/database';
import type { MailService } from '../mail/service';
import type { ContactRequest } from '@site/shared/contracts/marketing';
import { contactMessages } from './table';

/** Header values must stay on one line whatever the visitor typed. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

/** The site's own inbox: the address part of the sender the mail adapter uses. */
export function siteInbox(mail: Pick<MailService, 'from'>): string {
  return mail.from.match(/<([^>]+)>/)?.[1] ?? mail.from;
}

export interface ContactsService {
  /** Stores the message, then notifies the site's inbox; a mail failure does not lose the message. */
  create(input: ContactRequest): Promise<{ id: string; notified: boolean }>;
}

export function createContactsService(db: Db, mail: MailService, log: { error: (obj: object, msg: string) => void }): ContactsService {
  return {
    async create(input) {
      const [row] = await db
        .insert(contactMessages)
        .values({
          name: input.name,
          email: input.email,
          countryCode: input.country_code,
          phoneNumber: input.phone_number,
          subject: input.subject,
          message: input.message,
        })
        .returning({ id: contactMessages.id });
      if (!row) throw new Error('insert returned no row');
      const phone = [input.country_code, input.phone_number].filter(Boolean).join(' ');
      try {
        await mail.send({
          to: siteInbox(mail),
          replyTo: `"${oneLine(input.name).replace(/["\\]/g, '')}" <${input.email}>`,
          subject: `New contact message: ${oneLine(input.subject)}`,
          text: [
            `From: ${oneLine(input.name)} <${input.email}>`,
            phone ? `Phone: ${phone}` : null,
            `Subject: ${oneLine(input.subject)}`,
            `Message id: ${row.id}`,
            '',
            input.message,
          ]
            .filter((line) => line !== null)
            .join('\n'),
        });
        return { id: row.id, notified: true };
      } catch (error) {
        log.error({ err: { message: (error as Error).message }, contactId: row.id }, 'contact notification failed');
        return { id: row.id, notified: false };
      }
    },
  };
}
