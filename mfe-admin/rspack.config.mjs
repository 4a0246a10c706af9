import { createConfig } from '@site/build/rspack';

export default createConfig({
  dir: import.meta.dirname,
  name: 'mfe_admin',
  title: 'Admin remote (standalone)',
  exposes: {
    './AdminApp': './src/app/admin-app.tsx',
  },
});
