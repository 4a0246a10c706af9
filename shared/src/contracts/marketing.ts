import { z } from 'zod';
import { EmailSchema } from './common';
import { serviceLinks, type ServiceSlug } from '@site/shared/site-config';
import { CONTACT_LIMITS, CONTACT_SERVICES } from './contact-fields';

/** Slugs of the service pages; the api lists them in the sitemap, the site links them. */
export const SERVICE_SLUGS: readonly ServiceSlug[] = serviceLinks.map((service) => service.slug);

export { CONTACT_LIMITS, CONTACT_SERVICES } from './contact-fields';

const NameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your name.')
  .max(CONTACT_LIMITS.name, `Please keep your name under ${CONTACT_LIMITS.name} characters.`);
const MessageSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a message.')
  .max(CONTACT_LIMITS.message, `Please keep your message under ${CONTACT_LIMITS.message} characters.`);

/** POST /api/contacts. country_code and phone_number are sent empty by the site's form. */
export const ContactRequest = z.strictObject({
  name: NameSchema,
  email: EmailSchema,
  country_code: z.string().trim().max(CONTACT_LIMITS.countryCode).regex(/^(\+?\d{1,4})?$/, 'Invalid country code.'),
  phone_number: z.string().trim().max(CONTACT_LIMITS.phone).regex(/^[\d\s()-]*$/, 'Invalid phone number.'),
  message: MessageSchema,
  subject: z.string().trim().min(1, 'Please choose a subject.').max(CONTACT_LIMITS.subject),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

export const ContactResponse = z.object({ id: z.uuid() });
export type ContactResponse = z.infer<typeof ContactResponse>;

/** The contact form's fields (the service becomes the subject). */
export const ContactForm = z.object({
  name: NameSchema,
  email: z.string().trim().min(1, 'Please enter your email.').pipe(EmailSchema),
  service: z.enum(CONTACT_SERVICES, { message: 'Please choose a service.' }),
  message: MessageSchema,
});
export type ContactFormInput = z.input<typeof ContactForm>;
export type ContactFormValues = z.output<typeof ContactForm>;

/** The api request the contact form sends: phone fields empty, the service as the subject. */
export const contactRequestOf = (values: ContactFormValues): ContactRequest => ({
  name: values.name,
  email: values.email,
  country_code: '',
  phone_number: '',
  message: values.message,
  subject: values.service,
});

/** POST /api/newsletters. The address is trimmed and lower-cased. */
export const NewsletterRequest = z.strictObject({ email: EmailSchema });
export type NewsletterRequest = z.infer<typeof NewsletterRequest>;

export const NewsletterResponse = z.object({ email: z.string(), status: z.literal('subscribed') });
export type NewsletterResponse = z.infer<typeof NewsletterResponse>;

export { CONTACT_MESSAGES, NEWSLETTER_CONFLICT_MESSAGE, NEWSLETTER_MESSAGES } from '../messages';

/** GET /api/assistant/config: which widget script to load and which element it defines. */
export const AssistantConfig = z.object({
  scriptUrl: z.string().min(1),
  element: z.string().regex(/^[a-z][a-z0-9]*-[a-z0-9-]+$/),
  agentId: z.string().nullable(),
  builtIn: z.boolean(),
});
export type AssistantConfig = z.infer<typeof AssistantConfig>;

/** Admin → Blog: a published post sent to the newsletter's confirmed subscribers. */
export const NewsletterTestSendBody = z.strictObject({ email: EmailSchema });
export const NewsletterSendProgress = z.object({
  status: z
    .enum(['none', 'sending', 'sent', 'sent_with_failures'])
    .describe(
      'none: never sent; sending: messages still being queued or sent; sent: every message accepted; ' +
        'sent_with_failures: every message settled, `failed` of them given up after their retries (Admin → Mail lists them, to retry)',
    ),
  total: z.number().int().describe('Confirmed subscribers when the send started'),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int().describe('Messages given up after their retries'),
  started_at: z.string().nullable(),
});
export type NewsletterSendProgress = z.infer<typeof NewsletterSendProgress>;
