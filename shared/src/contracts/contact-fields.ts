import { serviceLinks } from '@site/shared/site-config';

// Without zod: the contact form's plain HTML (posted natively, before its code arrives) lists them too.

const OTHER_SERVICE = 'Other / Consulting';
type ServiceLink = (typeof serviceLinks)[number];
type Labelled = Extract<ServiceLink, { contactLabel: string }>;
type ContactService = Labelled['contactLabel'] | Exclude<ServiceLink, Labelled>['title'] | typeof OTHER_SERVICE;

const contactLabel = (service: ServiceLink): ContactService => ('contactLabel' in service ? service.contactLabel : service.title);
const contactServices: ContactService[] = [...serviceLinks.map(contactLabel), OTHER_SERVICE];
/** The services a visitor can pick in the contact form; the choice is sent as the subject. */
export const CONTACT_SERVICES = contactServices as [ContactService, ...ContactService[]];

export const CONTACT_LIMITS = { name: 100, message: 5000, subject: 150, countryCode: 8, phone: 20 } as const;
