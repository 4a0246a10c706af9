import { serviceLinks, type ServiceSlug } from '@site/shared/site-config';

export interface CaseStudy {
  title: string;
  description: string;
}

/** One service, as shown on the home page card and on /services/{slug}. */
export interface Service {
  title: string;
  slug: ServiceSlug;
  description: string;
  features: [string, string, string, string];
  featureDescriptions: [string, string, string, string];
  /** Our own constant HTML (never user input), rendered as-is on the service page. */
  detailedContent: string;
  caseStudies: CaseStudy[];
}

/** A service's slug, title and description, as the site config declares them. */
export function serviceNamed(slug: ServiceSlug): Pick<Service, 'slug' | 'title' | 'description'> {
  const { title, description } = serviceLinks.find((service) => service.slug === slug)!;
  return { slug, title, description };
}
