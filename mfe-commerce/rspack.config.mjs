import { createConfigs } from '@site/build/rspack';

import { exposesOf } from '@site/shared/remotes';

// The api renders the public pages; the orders page stays in the browser (shared/src/remotes.js).
export default createConfigs(
  {
    dir: import.meta.dirname,
    name: 'mfe_commerce',
    title: 'Commerce remote (standalone)',
    exposes: exposesOf('mfe_commerce'),
  },
  exposesOf('mfe_commerce', 'server'),
);
