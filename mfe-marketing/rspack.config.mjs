import { createConfigs } from '@site/build/rspack';

import { exposesOf } from '@site/shared/remotes';

export default createConfigs(
  {
    dir: import.meta.dirname,
    name: 'mfe_marketing',
    title: 'Marketing remote (standalone)',
    exposes: exposesOf('mfe_marketing'),
  },
  exposesOf('mfe_marketing', 'server'),
);
