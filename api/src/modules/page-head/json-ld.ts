import type { Blog } from '@site/shared/contracts/blogs';
import type { Event } from '@site/shared/contracts/events';
import type { Package } from '@site/shared/contracts/packages';
import { eventPath, site } from '@site/shared/site-config';
import { scriptJson } from '../ssr/html';

/** schema.org data about a page, without its address (added when the head is written). */
export type StructuredData = Record<string, unknown>;

/** The site's mark (shell/public), made absolute when the data is written. */
const LOGO_PATH = '/favicon.svg';
const organization = { '@type': 'Organization', name: site.name, logo: LOGO_PATH } as const;

/** The consultancy itself, on the home page. */
export const organizationData = (): StructuredData => ({
  ...organization,
  description: site.description,
  email: site.email,
  telephone: site.phones[0],
  address: { '@type': 'PostalAddress', streetAddress: site.address.lines[0], addressLocality: site.address.lines[1], addressCountry: site.address.country },
  sameAs: site.socials.map((social) => social.href),
});

/** A blog post, with its cover (the link preview image) when it has one. */
export const articleData = (blog: Pick<Blog, 'title' | 'published_at' | 'updated_at'>, description: string, image?: string): StructuredData => ({
  '@type': 'Article',
  headline: blog.title,
  description,
  ...(image ? { image } : {}),
  ...(blog.published_at ? { datePublished: blog.published_at } : {}),
  dateModified: blog.updated_at,
  author: organization,
  publisher: organization,
});

/** The ticket an event sells (its linked package), or none for a free event. */
export type EventTicket = Pick<Package, 'slug' | 'price' | 'created_at'>;

/**
 * An event; one held online is placed at a virtual location. Its offer is the ticket it sells (or a
 * free place), open until its registration deadline.
 */
export const eventData = (
  event: Pick<Event, 'title' | 'slug' | 'start_time' | 'end_time' | 'location' | 'status' | 'registration_deadline' | 'created_at'>,
  description: string,
  ticket: EventTicket | null,
  now = Date.now(),
): StructuredData => {
  const online = /^online$/i.test(event.location.trim());
  const closes = event.registration_deadline ?? event.start_time;
  return {
    '@type': 'Event',
    name: event.title,
    description,
    startDate: event.start_time,
    ...(event.end_time ? { endDate: event.end_time } : {}),
    eventStatus: `https://schema.org/${event.status === 'cancelled' ? 'EventCancelled' : 'EventScheduled'}`,
    eventAttendanceMode: `https://schema.org/${online ? 'Online' : 'Offline'}EventAttendanceMode`,
    location: online ? { '@type': 'VirtualLocation', url: '' } : { '@type': 'Place', name: event.location, address: event.location },
    offers: {
      '@type': 'Offer',
      price: ticket ? ticket.price.toFixed(2) : '0',
      priceCurrency: 'INR',
      // Places are taken until registration closes; after that none can be had.
      availability: `https://schema.org/${Date.parse(closes) > now && event.status !== 'cancelled' ? 'InStock' : 'SoldOut'}`,
      url: ticket ? `/packages/${encodeURIComponent(ticket.slug)}` : eventPath(event.slug),
      validFrom: ticket?.created_at ?? event.created_at,
    },
    organizer: organization,
  };
};

/** Paths on this site (logo, cover, offer) as absolute URLs, as crawlers expect; a copy, never the shared parts. */
function absolutePaths(value: unknown, base: string): unknown {
  if (typeof value === 'string') return value.startsWith('/') ? new URL(value, base).href : value;
  if (Array.isArray(value)) return value.map((item) => absolutePaths(item, base));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, ['logo', 'image', 'url'].includes(key) || typeof item === 'object' ? absolutePaths(item, base) : item]));
  }
  return value;
}

/** The `<script type="application/ld+json">` of a page at `url`. */
export function jsonLdScript(data: StructuredData, url: string): string {
  const located = absolutePaths({ '@context': 'https://schema.org', ...data, url }, url) as StructuredData;
  // An online event's location is the event page itself.
  const location = located.location as { '@type'?: string; url?: string } | undefined;
  if (location?.['@type'] === 'VirtualLocation') located.location = { ...location, url };
  return `<script type="application/ld+json">${scriptJson(located)}</script>`;
}
