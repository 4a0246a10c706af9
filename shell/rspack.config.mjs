import { createConfig } from '@site/shared/build/rspack';

export default createConfig({ dir: import.meta.dirname, name: 'shell', title: 'Tiny Titans AI' });
