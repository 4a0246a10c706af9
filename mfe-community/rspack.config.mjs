import { createConfigs } from '@site/build/rspack';

import { exposesOf } from '@site/shared/remotes';

export default createConfigs(
  {
    dir: import.meta.dirname,
    name: 'mfe_community',
    title: 'Community remote (standalone)',
    exposes: exposesOf('mfe_community'),
  },
  exposesOf('mfe_community', 'server'),
);
