import { createConfig } from '@site/build/rspack';

import { exposesOf } from '@site/shared/remotes';

export default createConfig({
  dir: import.meta.dirname,
  name: 'mfe_admin',
  title: 'Admin remote (standalone)',
  exposes: exposesOf('mfe_admin'),
});
