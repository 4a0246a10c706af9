import { describe, expect, it } from 'vitest';
import { articleData, eventData, jsonLdScript, organizationData } from '../src/modules/page-head/json-ld';

const parsed = (script: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*)<\/script>/.exec(script)![1]!) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed JSON, read by path;
const PAGE = 'https://site.example/event/meetup';

const event = {
  title: 'Meetup',
  slug: 'meetup',
  start_time: '2026-12-04T09:00:00.000Z',
  end_time: null,
  location: 'Bengaluru',
  status: 'published' as const,
  registration_deadline: '2026-12-03T09:00:00.000Z',
  created_at: '2026-11-01T00:00:00.000Z',
};
const before = Date.parse('2026-12-01T00:00:00.000Z');

describe('structured data Google asks for', () => {
  it('gives the organization an absolute logo and a two-letter country', () => {
    const data = parsed(jsonLdScript(organizationData(), 'https://site.example/'));
    expect(data.logo).toBe('https://site.example/favicon.svg');
    expect(data.address.addressCountry).toBe('IN');
  });

  it('gives an article its cover as an absolute image, and none without a cover', () => {
    const blog = { title: 'Post', published_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-02T00:00:00.000Z' };
    expect(parsed(jsonLdScript(articleData(blog, 'About.', '/ipfs/bafy/cover.jpg'), 'https://site.example/blog/post')).image).toBe('https://site.example/ipfs/bafy/cover.jpg');
    expect(parsed(jsonLdScript(articleData(blog, 'About.'), 'https://site.example/blog/post'))).not.toHaveProperty('image');
    expect(parsed(jsonLdScript(articleData(blog, 'About.'), 'https://site.example/blog/post')).publisher.logo).toBe('https://site.example/favicon.svg');
  });

  it("gives a ticketed event its status and the ticket's offer: price, currency, availability, URL, valid-from", () => {
    const ticket = { slug: 'meetup-ticket', price: 499, created_at: '2026-11-05T00:00:00.000Z' };
    const data = parsed(jsonLdScript(eventData(event, 'Demos.', ticket, before), PAGE));
    expect(data.eventStatus).toBe('https://schema.org/EventScheduled');
    expect(data.offers).toEqual({
      '@type': 'Offer',
      price: '499.00',
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      url: 'https://site.example/packages/meetup-ticket',
      validFrom: '2026-11-05T00:00:00.000Z',
    });
  });

  it('offers a free event at 0 on its own page, and none once registration closed or it was cancelled', () => {
    const free = parsed(jsonLdScript(eventData(event, 'Demos.', null, before), PAGE));
    expect(free.offers).toMatchObject({ price: '0', priceCurrency: 'INR', url: PAGE, availability: 'https://schema.org/InStock' });
    const closed = parsed(jsonLdScript(eventData(event, 'Demos.', null, Date.parse('2026-12-03T10:00:00.000Z')), PAGE));
    expect(closed.offers.availability).toBe('https://schema.org/SoldOut');
    const cancelled = parsed(jsonLdScript(eventData({ ...event, status: 'cancelled' }, 'Demos.', null, before), PAGE));
    expect(cancelled.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(cancelled.offers.availability).toBe('https://schema.org/SoldOut');
  });

  it('leaves the shared organization untouched between pages', () => {
    jsonLdScript(organizationData(), 'https://one.example/');
    expect(parsed(jsonLdScript(organizationData(), 'https://two.example/')).logo).toBe('https://two.example/favicon.svg');
  });
});
