/**
 * The site's content facts (brand, contact details, services, consultation packages, navigation):
 * the one source for every package, the api included. Plain data only: no browser code.
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
  { slug: 'ai-chatbots', title: 'AI Chatbots & Virtual Assistants', contactLabel: 'AI-Powered Chatbots' },
  { slug: 'agentic-ai-workflows', title: 'Agentic AI Workflows', contactLabel: 'Agentic AI Workflows' },
  { slug: 'smart-process-automation', title: 'Smart Process Automation', contactLabel: 'Smart Process Automation' },
  { slug: 'ai-apps-micro-saas', title: 'AI Apps & Micro-SaaS Tools', contactLabel: 'AI Apps & Micro-SaaS Tools' },
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

/**
 * The consultation packages of the pricing section. The api seeds its packages table from this
 * list (same ids, names and prices) and is the price authority; the UI shows these values only
 * until GET /api/bookings/packages answers.
 */
export interface BookingPackage {
  id: string;
  name: string;
  description: string;
  /** Rupees, or 'Custom' for the package that leads to the contact page. */
  price: number | 'Custom';
  /** Minutes; 0 for the custom package. */
  duration: number;
  benefits: string[];
  badge?: string;
}

export const consultationPackages: readonly BookingPackage[] = [
  {
    id: '6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01',
    name: 'Starter Strategy Call',
    description: 'A focused call to find where AI can save your team the most time.',
    price: 1200,
    duration: 45,
    benefits: ['Review of your current workflow', 'Three high-impact AI opportunities', 'Tool and cost recommendations', 'Written summary within 24 hours'],
    badge: 'Most Popular',
  },
  {
    id: '9b3e7a52-1c6d-4f08-a2b4-5d8e0f3c7a12',
    name: 'AI Readiness Audit',
    description: 'A deeper look at your data, processes and stack before you build.',
    price: 2100,
    duration: 90,
    benefits: ['Data and process readiness check', 'Prioritised automation roadmap', 'Build-vs-buy analysis', 'Follow-up Q&A by e-mail for a week'],
  },
  {
    id: 'c4a8e2d9-7f15-4b3a-8e6c-1a9d5b2f0c23',
    name: 'Custom AI Roadmap',
    description: 'A tailored engagement for teams ready to ship AI across the business.',
    price: 'Custom',
    duration: 0,
    benefits: ['Workshops with your team', 'Architecture and vendor selection', 'Pilot build plan with milestones', 'Ongoing advisory options'],
  },
];
