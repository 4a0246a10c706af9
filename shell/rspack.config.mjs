import { createConfigs } from '@site/build/rspack';
import { blogFeed, brand, brandColors, brandDescription } from '../shared/src/brand.js';

/** The brand's colours for index.html's own style (template parameters are strings: `colorBg`, …). */
const colorParameters = Object.fromEntries(Object.entries(brandColors).map(([name, value]) => [`color${name[0].toUpperCase()}${name.slice(1)}`, value]));

// The server build exposes the layout and routes the api renders pages in.
export default createConfigs(
  {
    dir: import.meta.dirname,
    name: 'shell',
    title: `${brand.name} | ${brand.offer}`,
    // index.html's default head and its no-JavaScript line; each page's own head replaces the first.
    templateParameters: { ...colorParameters, description: brandDescription, email: brand.email, feedPath: blogFeed.path, feedTitle: blogFeed.title },
  },
  { './ServerApp': './src/server-app.tsx' },
);
