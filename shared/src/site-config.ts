/**
 * The site's content facts (brand, contact details, services, navigation): the one source for every
 * package, the api included. Plain data only: no browser code. The consultation packages are the
 * other content list, in `contracts/booking-packages` (every shared entry ships whole to every
 * package, and the shell shows none of them).
 */
export const site = {
  name: 'Tiny Titans AI',
  tagline: 'Small Teams. Big Impact. Powered by AI.',
  description:
    'Tiny Titans AI builds AI chatbots, agentic workflows, process automation and lightweight AI apps for startups, solopreneurs and lean product teams.',
  email: 'hello@tinytitans.ai',
  phones: ['+91 80 4567 1234', '+91 98450 12345'],
  address: {
    lines: ['2nd Floor, 14 Residency Road', 'Bengaluru, Karnataka 560025', 'India'],
  },
  socials: [
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/tinytitans-ai' },
    { label: 'X (Twitter)', href: 'https://x.com/tinytitansai' },
  ],
} as const;

/** The services: their pages, the footer, the sitemap, the contact form and the assistant all read this list. */
export const serviceLinks = [
  // The contact form names a service by its title unless a shorter label is given.
  { slug: 'ai-chatbots', title: 'AI Chatbots & Virtual Assistants', contactLabel: 'AI-Powered Chatbots' },
  { slug: 'agentic-ai-workflows', title: 'Agentic AI Workflows' },
  { slug: 'smart-process-automation', title: 'Smart Process Automation' },
  { slug: 'ai-apps-micro-saas', title: 'AI Apps & Micro-SaaS Tools' },
] as const;

export type ServiceSlug = (typeof serviceLinks)[number]['slug'];

export interface NavItem {
  label: string;
  /** A home-page section id (hash link) or a path. */
  section?: string;
  path?: string;
}

export const mainNav: readonly NavItem[] = [
  { label: 'Home', section: 'home' },
  { label: 'Services', section: 'services' },
  { label: 'Tech Stack', section: 'tech-stack' },
  { label: 'Book Consultation', section: 'pricing' },
  { label: 'Community', path: '/community' },
  { label: 'Contact', section: 'contact' },
];

export const companyLinks = [
  { label: 'About', section: 'about' },
  { label: 'Services', section: 'services' },
  { label: 'Tech Stack', section: 'tech-stack' },
  { label: 'Why Us', section: 'why-us' },
  { label: 'Contact', section: 'contact' },
] as const;

export const legalLinks = [
  { label: 'Privacy Policy', path: '/privacy' },
  { label: 'Terms of Service', path: '/terms' },
  { label: 'Refund Policy', path: '/refund' },
] as const;

/** Home-page section ids in page order. */
export const homeSections = ['home', 'services', 'about', 'tech-stack', 'pricing', 'why-us', 'contact'] as const;

