import { describe, expect, it } from 'vitest';
import { serviceLinks } from '../site-config';
import { ContactForm, ContactRequest, NewsletterRequest, SERVICE_SLUGS } from './marketing';

describe('marketing contracts', () => {
  it('list the same service slugs as the site navigation (the sitemap relies on it)', () => {
    expect(serviceLinks.map((s) => s.slug)).toEqual([...SERVICE_SLUGS]);
  });

  it('normalize newsletter addresses and refuse unknown fields', () => {
    expect(NewsletterRequest.parse({ email: ' A@B.co ' })).toEqual({ email: 'a@b.co' });
    expect(NewsletterRequest.safeParse({ email: 'a@b.co', extra: 1 }).success).toBe(false);
  });

  it('require every contact form field, with readable messages', () => {
    const result = ContactForm.safeParse({ name: '', email: '', service: '', message: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toEqual(['Please enter your name.', 'Please enter your email.', 'Please choose a service.', 'Please enter a message.']);
    expect(ContactRequest.safeParse({ name: 'a', email: 'a@b.co', country_code: '', phone_number: '', message: 'x'.repeat(5001), subject: 's' }).success).toBe(false);
  });
});
