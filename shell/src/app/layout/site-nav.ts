/**
 * The shell's navigation: the header's menu, the footer's company and legal links and the home
 * page's sections the header follows. Only the shell shows them, so they are released with it.
 */
export interface NavItem {
  label: string;
  /** A home-page section id (hash link) or a path. */
  section?: string;
  path?: string;
  /** Pages elsewhere that belong to this item: the header marks it current on them. */
  under?: readonly string[];
}

export const mainNav: readonly NavItem[] = [
  { label: 'Home', section: 'home' },
  { label: 'Services', section: 'services', under: ['/services/'] },
  { label: 'Tech Stack', section: 'tech-stack' },
  { label: 'Book Consultation', section: 'pricing' },
  { label: 'Community', path: '/community' },
  { label: 'Contact', section: 'contact', under: ['/contact'] },
];

/** The main-nav section a page other than home belongs to (`/services/ai-chatbots` → services), or null. */
export function sectionOfPath(pathname: string): string | null {
  const item = mainNav.find((nav) => nav.under?.some((prefix) => (prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix || pathname === `${prefix}/`)));
  return item?.section ?? null;
}

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
