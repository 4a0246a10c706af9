import { createConfig } from '@site/shared/build/rspack';

export default createConfig({
  dir: import.meta.dirname,
  name: 'mfe_commerce',
  title: 'Commerce remote (standalone)',
  exposes: {
    './BookingSection': './src/app/booking-section.tsx',
    './PackagePage': './src/app/package-page.tsx',
    './OrdersPage': './src/app/orders-page.tsx',
    './EventPackages': './src/app/event-packages.tsx',
  },
});
