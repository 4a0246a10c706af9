import { useEffect } from 'react';
import { fullTitle, site } from './site-config';

// The heads the api writes too live with the site's other content facts; a remote's other fixed
// pages export theirs (`PageHeadOf`).
export { fullTitle, NOT_FOUND_META, PAGE_META, pageMetaOf, type PageHeadOf } from './site-config';

function setMeta(attr: 'name' | 'property', key: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attr, key);
    document.head.appendChild(tag);
  }
  tag.content = content;
}

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute path of the page, for the canonical and og:url tags; defaults to the current path. */
  path?: string;
  image?: string;
  /** A page that found nothing: kept out of search engines (the api's 404 answer says the same). */
  noindex?: boolean;
}

/** Sets the document title, description, Open Graph and Twitter card tags for a route. */
export function applyPageMeta({ title, description, path, image, noindex = false }: PageMeta): void {
  const pageTitle = fullTitle(title);
  document.title = pageTitle;
  const url = new URL(path ?? window.location.pathname, window.location.origin).href;
  setMeta('name', 'description', description);
  setMeta('property', 'og:title', pageTitle);
  setMeta('property', 'og:description', description);
  setMeta('property', 'og:type', 'website');
  setMeta('property', 'og:url', url);
  setMeta('property', 'og:site_name', site.name);
  setMeta('name', 'twitter:card', image ? 'summary_large_image' : 'summary');
  setMeta('name', 'twitter:title', pageTitle);
  setMeta('name', 'twitter:description', description);
  if (image) {
    setMeta('property', 'og:image', new URL(image, window.location.origin).href);
    setMeta('name', 'twitter:image', new URL(image, window.location.origin).href);
  }
  if (noindex) setMeta('name', 'robots', 'noindex');
  else document.head.querySelector('meta[name="robots"]')?.remove();
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.appendChild(canonical);
  }
  canonical.href = url;
}

export function usePageMeta(meta: PageMeta): void {
  const { title, description, path, image, noindex } = meta;
  useEffect(() => {
    applyPageMeta({ title, description, path, image, noindex });
  }, [title, description, path, image, noindex]);
}
