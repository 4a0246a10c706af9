import { site } from '@site/shared/site-config';
import { useEffect } from 'react';
import { RSS_PATH } from './blogs-api';

/** Advertises the blog feed to browsers and readers while the page is shown. */
export function useRssLink(): void {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/rss+xml';
    link.title = `${site.name} Blog`;
    link.href = RSS_PATH;
    document.head.appendChild(link);
    return () => link.remove();
  }, []);
}
