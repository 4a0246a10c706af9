import { createConfigs } from '@site/build/rspack';

// The server build exposes the layout and routes the api renders pages in.
export default createConfigs(
  { dir: import.meta.dirname, name: 'shell', title: 'Tiny Titans AI' },
  { './ServerApp': './src/server-app.tsx' },
);
