import { createConfig } from '@site/shared/build/rspack';

export default createConfig({
  dir: import.meta.dirname,
  name: 'mfe_community',
  title: 'Community remote (standalone)',
  exposes: {
    './CommunityPage': './src/app/community-page.tsx',
    './BlogPage': './src/app/blog-page.tsx',
    './EventPage': './src/app/event-page.tsx',
  },
});
