import type { Blog } from '@site/shared/contracts/blogs';
import type { Event } from '@site/shared/contracts/events';
import { site } from '@site/shared/site-config';
import { scriptJson } from '../ssr/html';

/** schema.org data about a page, without its address (added when the head is written). */
export type StructuredData = Record<string, unknown>;

const organization = { '@type': 'Organization', name: site.name } as const;

/** The consultancy itself, on the home page. */
export const organizationData = (): StructuredData => ({
  ...organization,
  description: site.description,
  email: site.email,
  telephone: site.phones[0],
  address: { '@type': 'PostalAddress', streetAddress: site.address.lines[0], addressLocality: site.address.lines[1], addressCountry: site.address.lines[2] },
  sameAs: site.socials.map((social) => social.href),
});

/** A blog post. */
export const articleData = (blog: Pick<Blog, 'title' | 'published_at' | 'updated_at'>, description: string): StructuredData => ({
  '@type': 'Article',
  headline: blog.title,
  description,
  ...(blog.published_at ? { datePublished: blog.published_at } : {}),
  dateModified: blog.updated_at,
  author: organization,
  publisher: organization,
});

/** An event; one held online is placed at a virtual location. */
export const eventData = (event: Pick<Event, 'title' | 'start_time' | 'end_time' | 'location'>, description: string): StructuredData => {
  const online = /^online$/i.test(event.location.trim());
  return {
    '@type': 'Event',
    name: event.title,
    description,
    startDate: event.start_time,
    ...(event.end_time ? { endDate: event.end_time } : {}),
    eventAttendanceMode: `https://schema.org/${online ? 'Online' : 'Offline'}EventAttendanceMode`,
    location: online ? { '@type': 'VirtualLocation', url: '' } : { '@type': 'Place', name: event.location, address: event.location },
    organizer: organization,
  };
};

/** The `<script type="application/ld+json">` of a page at `url`. */
export function jsonLdScript(data: StructuredData, url: string): string {
  const located: StructuredData = { '@context': 'https://schema.org', ...data, url };
  // An online event's location is the event page itself.
  const location = located.location as { '@type'?: string; url?: string } | undefined;
  if (location?.['@type'] === 'VirtualLocation') located.location = { ...location, url };
  return `<script type="application/ld+json">${scriptJson(located)}</script>`;
}
