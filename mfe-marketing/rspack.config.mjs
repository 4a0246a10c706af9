import { createConfigs } from '@site/build/rspack';

const exposes = {
  './HomePage': './src/app/home-page.tsx',
  './ServicePage': './src/app/service-page.tsx',
  './PolicyPage': './src/app/policy-page.tsx',
  './ContactPage': './src/app/contact-page.tsx',
};

export default createConfigs(
  {
    dir: import.meta.dirname,
    name: 'mfe_marketing',
    title: 'Marketing remote (standalone)',
    exposes,
  },
  exposes,
);
