import type { RemoteModuleId } from '@site/shared/remote';
import type { RemotesConfig } from './remotes-config';

/**
 * The public remote module a path renders, if any. Admin is left out on purpose: its code is
 * fetched only once the session says the visitor is an admin.
 */
export function remoteModuleForPath(pathname: string): RemoteModuleId | null {
  if (pathname === '/') return 'mfe_marketing/HomePage';
  if (pathname.startsWith('/services/')) return 'mfe_marketing/ServicePage';
  if (['/refund', '/privacy', '/terms'].includes(pathname)) return 'mfe_marketing/PolicyPage';
  if (pathname === '/contact') return 'mfe_marketing/ContactPage';
  if (pathname === '/community') return 'mfe_community/CommunityPage';
  if (pathname.startsWith('/blog/')) return 'mfe_community/BlogPage';
  if (pathname.startsWith('/event/')) return 'mfe_community/EventPage';
  if (pathname.startsWith('/packages/')) return 'mfe_commerce/PackagePage';
  return null;
}

/**
 * Asks the browser for the first page's remote entry as soon as remotes.json names it, so it
 * downloads while React's own chunks do; the federation runtime then finds it in the cache.
 */
export function preloadFirstRemoteEntry(config: RemotesConfig, pathname: string): void {
  const id = remoteModuleForPath(pathname);
  if (!id) return;
  const remote = id.split('/')[0] as keyof RemotesConfig;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = new URL(config[remote], window.location.href).href;
  document.head.appendChild(link);
}
