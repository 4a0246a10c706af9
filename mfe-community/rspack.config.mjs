import { createConfigs } from '@site/build/rspack';

const exposes = {
  './CommunityPage': './src/app/community-page.tsx',
  './BlogPage': './src/app/blog-page.tsx',
  './EventPage': './src/app/event-page.tsx',
};

export default createConfigs(
  {
    dir: import.meta.dirname,
    name: 'mfe_community',
    title: 'Community remote (standalone)',
    exposes,
  },
  exposes,
);
