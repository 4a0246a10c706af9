import { createConfigs } from '@site/build/rspack';

const exposes = {
  './BookingSection': './src/app/booking-section.tsx',
  './PackagePage': './src/app/package-page.tsx',
  './OrdersPage': './src/app/orders-page.tsx',
  './EventPackages': './src/app/event-packages.tsx',
};

// The api renders the public pages; the orders page stays in the browser.
const serverExposes = {
  './BookingSection': './src/app/booking-section.tsx',
  './PackagePage': './src/app/package-page.tsx',
  './EventPackages': './src/app/event-packages.tsx',
};

export default createConfigs(
  {
    dir: import.meta.dirname,
    name: 'mfe_commerce',
    title: 'Commerce remote (standalone)',
    exposes,
  },
  serverExposes,
);
