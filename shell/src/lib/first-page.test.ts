import { describe, expect, it } from 'vitest';
import { remoteModuleForPath } from './first-page';

describe('the remote a first page needs', () => {
  it.each([
    ['/', 'mfe_marketing/HomePage'],
    ['/services/ai-chatbots', 'mfe_marketing/ServicePage'],
    ['/terms', 'mfe_marketing/PolicyPage'],
    ['/contact', 'mfe_marketing/ContactPage'],
    ['/community', 'mfe_community/CommunityPage'],
    ['/blog/a-post', 'mfe_community/BlogPage'],
    ['/event/an-event', 'mfe_community/EventPage'],
    ['/packages/a-package', 'mfe_commerce/PackagePage'],
  ])('%s → %s', (path, id) => {
    expect(remoteModuleForPath(path)).toBe(id);
  });

  it.each(['/admin', '/admin/blogs', '/login', '/orders', '/no-such-page'])('%s preloads nothing', (path) => {
    expect(remoteModuleForPath(path)).toBeNull();
  });
});
