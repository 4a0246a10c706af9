import { randomBytes } from 'node:crypto';
import { assertChromium } from '@site/test-support/chromium';
import { ensureBuilt, startServer } from '@site/test-support/server';

export const E2E_ADMIN = { username: 'e2e-admin', email: 'e2e-admin@example.com', password: 'e2e-admin-password' };

export default async function globalSetup(): Promise<() => Promise<void>> {
  assertChromium();
  ensureBuilt();
  const jwtSecret = randomBytes(32).toString('base64url');
  const server = await startServer({
    JWT_SECRET: jwtSecret,
    // Test helpers speak for many clients through X-Forwarded-For (see registerBuyer).
    TRUST_PROXY: '127.0.0.1',
    // Every browser of the suite shares 127.0.0.1: the per-address cap on unpaid holds would count
    // all parallel scenarios as one office (the cap itself is covered by api/test/order-holds.test.ts).
    ORDER_HOLDS_PER_ADDRESS: '1000',
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  });
  // Workers start after this and inherit these.
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_JWT_SECRET = jwtSecret;
  return () => server.stop();
}
