import { createConfigs } from '@site/build/rspack';
import { blogFeed, brand, brandColors, brandDescription } from '../shared/src/brand.js';

// The server build exposes the layout and routes the api renders pages in.
export default createConfigs(
  {
    dir: import.meta.dirname,
    name: 'shell',
    title: `${brand.name} | ${brand.offer}`,
    // index.html's default head and its no-JavaScript line; each page's own head replaces the first.
    templateParameters: {
      description: brandDescription,
      email: brand.email,
      feedPath: blogFeed.path,
      feedTitle: blogFeed.title,
      // The page's colours before any stylesheet: the browser's bars and the first paint match the theme.
      background: brandColors.bg,
      text: brandColors.text,
    },
  },
  { './ServerApp': './src/server-app.tsx' },
);
