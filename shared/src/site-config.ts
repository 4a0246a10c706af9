/**
 * The site's content facts that several packages show (brand, contact details, services, the fixed
 * pages' heads): the one source for every package, the api included. What one front end alone shows
 * lives in that package (decision 066). Plain data only: no browser code. The consultation packages and their
 * prices are the api's (its catalogue, GET /api/bookings/packages); the booking rules are in
 * `booking-policy`.
 */
import { blogFeed, brand, brandColors, brandDescription, brandLightColors } from './brand.js';

// The colours alone too, for code that bundles only what it names (the assistant's one script).
export { blogFeed, brandColors, brandLightColors };

export const site = {
  name: brand.name,
  colors: brandColors,
  lightColors: brandLightColors,
  shortName: brand.shortName,
  tagline: 'Small Teams. Big Impact. Powered by AI.',
  description: brandDescription,
  email: brand.email,
  phones: ['+91 80 4567 1234', '+91 98450 12345'],
  address: {
    lines: ['2nd Floor, 14 Residency Road', 'Bengaluru, Karnataka 560025', 'India'],
    /** ISO 3166-1 alpha-2, for machines (structured data). */
    country: 'IN',
  },
  socials: [
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/tinytitans-ai' },
    { label: 'X (Twitter)', href: 'https://x.com/tinytitansai' },
  ],
} as const;

/** The services (title and description included): their pages, the footer, the sitemap, the contact form and the assistant all read this list. */
export const serviceLinks = [
  // The contact form names a service by its title unless a shorter label is given; the description
  // is the service's lead text and its page's meta description.
  {
    slug: 'ai-chatbots',
    title: 'AI Chatbots & Virtual Assistants',
    contactLabel: 'AI-Powered Chatbots',
    description:
      'Assistants trained on your own documents that answer customers on your website, WhatsApp or Slack around the clock, and hand over to a person when it matters.',
  },
  {
    slug: 'agentic-ai-workflows',
    title: 'Agentic AI Workflows',
    description:
      'AI agents that carry out multi-step work across your tools (research, triage, drafting and follow-ups) with approvals wherever a person should decide.',
  },
  {
    slug: 'smart-process-automation',
    title: 'Smart Process Automation',
    description:
      'Automation of repetitive back-office work (documents, invoices, data entry and reports) that connects the tools you already have instead of replacing them.',
  },
  {
    slug: 'ai-apps-micro-saas',
    title: 'AI Apps & Micro-SaaS Tools',
    description:
      'Small, focused AI products, from a validated idea to a working MVP with sign-in, payments and analytics in weeks, built on a stack that can grow.',
  },
] as const;

export type ServiceSlug = (typeof serviceLinks)[number]['slug'];

/** An event's page on the site (here, not beside the event's schema: pages that link one need no zod). */
export const eventPath = (slug: string) => `/event/${encodeURIComponent(slug)}`;

/** The built-in AI assistant: the script the api serves and the element it defines. */
export const builtInAssistant = { scriptPath: '/ai-widget/assistant.js', element: 'tiny-titans-assistant' } as const;

/** A page's title (without the site's name), description and path. */
export interface PageHeadText {
  title: string;
  description: string;
  path: string;
}

/**
 * The home page's head: the brand's name and description, which index.html's default head has too.
 * The browser sets it (usePageMeta) and the api writes it into the server HTML.
 */
export const PAGE_META = {
  home: { title: site.name, description: site.description, path: '/' },
} as const satisfies Record<string, PageHeadText>;

/** A page's own title and description, without its path (the page's address gives that). */
export type OwnHead = Omit<PageHeadText, 'path'>;

/**
 * What a remote's page module may export as `head`: its fixed title and description, from the
 * props its route gives it (the remote table). The page sets them in the browser, and the api writes
 * them into the server HTML from the live release's module, so releasing the remote changes both.
 */
export type PageHeadOf<Props = Record<string, never>> = (props: Props) => OwnHead;

/**
 * The heads of pages that find nothing (an unknown path, a missing post, event or package): the
 * browser sets them and the api writes them, with noindex, into its 404 answers.
 */
export const NOT_FOUND_META = {
  page: { title: 'Page not found', description: 'The page you asked for does not exist.' },
  blog: { title: 'Blog not found', description: `An article from the ${site.name} blog.` },
  event: { title: 'Event not found', description: `An event from the ${site.name} community.` },
  package: { title: 'Package not found', description: `A ${site.name} package.` },
} as const satisfies Record<string, OwnHead>;

/** What a missing page is: an unknown path or one of the pages above. */
export type NotFoundKind = keyof typeof NOT_FOUND_META;

/**
 * The fixed head the api knows of the page at `pathname` (home and each service's page, which the
 * footer, the sitemap and the assistant name too), if it has one. Other fixed pages' heads are their
 * remote's (`PageHeadOf`).
 */
export function pageMetaOf(pathname: string): PageHeadText | undefined {
  const fixed = Object.values(PAGE_META).find((meta) => meta.path === pathname);
  if (fixed) return fixed;
  const service = /^\/services\/([^/]+)$/.exec(pathname);
  const found = service ? serviceLinks.find((link) => link.slug === service[1]) : undefined;
  return found ? { title: found.title, description: found.description, path: pathname } : undefined;
}

/** The full title of a page, as the browser and the server HTML show it. */
export const fullTitle = (title: string): string => (title === site.name ? title : `${title} | ${site.name}`);
