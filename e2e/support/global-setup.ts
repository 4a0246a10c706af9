import { assertChromium } from './chromium';
import { startServer } from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  assertChromium();
  const server = await startServer();
  // Workers start after this and inherit the address.
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
