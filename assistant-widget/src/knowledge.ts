import { BOOKING_FIRST_HOUR, BOOKING_LAST_HOUR, BOOKING_STEP_MINUTES, BOOKING_ZONE_LABEL } from '@site/shared/contracts/booking-policy';
import type { ConsultationPackage } from '@site/shared/contracts/consultations';
import { serviceLinks, site, type ServiceSlug } from '@site/shared/site-config';

/** How the assistant recognises and describes each service; titles and slugs come from the site config. */
const serviceWords: Record<ServiceSlug, { keywords: readonly string[]; summary: string }> = {
  'ai-chatbots': {
    keywords: ['chatbot', 'chat bot', 'bot', 'virtual assistant', 'support', 'whatsapp'],
    summary:
      'Chatbots and virtual assistants trained on your own documents that answer customers on your website or WhatsApp around the clock and hand over to a human when needed.',
  },
  'agentic-ai-workflows': {
    keywords: ['agent', 'agentic', 'workflow', 'multi-step', 'autonomous'],
    summary:
      'AI agents that carry out multi-step work such as research, triage and follow-ups across your tools, with approvals where a human should decide.',
  },
  'smart-process-automation': {
    keywords: ['automation', 'automate', 'process', 'invoice', 'document', 'manual', 'spreadsheet'],
    summary:
      'Automation of repetitive back-office work (documents, invoices, data entry, reports) that connects your existing tools instead of replacing them.',
  },
  'ai-apps-micro-saas': {
    keywords: ['app', 'saas', 'micro-saas', 'mvp', 'product', 'tool'],
    summary:
      'Small, focused AI products: from a validated idea to a working MVP with payments and analytics in weeks, built to grow.',
  },
};

/** The same for each consultation package, by its id; names, prices and durations come from the catalogue (GET /api/bookings/packages). */
const packageWords: Record<string, { keywords: readonly string[]; summary: string }> = {
  '6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01': {
    keywords: ['starter', 'strategy', 'call', 'cheapest', 'popular'],
    summary: 'a focused call to find where AI can save your team the most time (our most popular package)',
  },
  '9b3e7a52-1c6d-4f08-a2b4-5d8e0f3c7a12': {
    keywords: ['audit', 'readiness', 'assessment'],
    summary: 'a deeper look at your data, processes and stack before you build',
  },
  'c4a8e2d9-7f15-4b3a-8e6c-1a9d5b2f0c23': {
    keywords: ['custom', 'roadmap', 'enterprise', 'tailored'],
    summary: 'a tailored engagement priced after a conversation with us',
  },
};

/** What the built-in assistant knows: the site's services, consultation packages and booking hours. */
export const assistantKnowledge = {
  company: site.name,
  email: site.email,
  links: { booking: '/#pricing', contact: '/#contact', services: '/#services' },
  hours: { first: BOOKING_FIRST_HOUR, last: BOOKING_LAST_HOUR, stepMinutes: BOOKING_STEP_MINUTES, zone: BOOKING_ZONE_LABEL },
  services: serviceLinks.map(({ slug, title }) => ({ slug, title, ...serviceWords[slug] })),
  /** Filled from the catalogue once it answers (`loadPackages`); until then prices point to the booking section. */
  packages: [] as KnownPackage[],
};

export interface KnownPackage {
  name: string;
  keywords: readonly string[];
  /** Rupees; null for the custom package. */
  price: number | null;
  duration: number;
  summary: string;
}

/** The catalogue's packages as the assistant describes them. */
export function knownPackages(list: readonly ConsultationPackage[]): KnownPackage[] {
  return list.map(({ id, name, price, duration }) => ({
    name,
    keywords: packageWords[id]?.keywords ?? [name.toLowerCase()],
    price: typeof price === 'number' ? price : null,
    duration,
    summary: packageWords[id]?.summary ?? name,
  }));
}

/** Reads the consultation catalogue, the only source of prices, into what the assistant knows. */
export async function loadPackages(kb: { packages: KnownPackage[] }, fetchJson: (url: string) => Promise<unknown> = fetchPackages): Promise<void> {
  const list = await fetchJson('/api/bookings/packages');
  if (Array.isArray(list)) kb.packages.splice(0, kb.packages.length, ...knownPackages(list as ConsultationPackage[]));
}

async function fetchPackages(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  return response.ok ? response.json() : [];
}

export type AssistantKnowledge = typeof assistantKnowledge;
