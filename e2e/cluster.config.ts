import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '@site/test-support/chromium';

/**
 * `pnpm test:cluster`: two api instances on the PostgreSQL named by TEST_DATABASE_URL behind nginx
 * (deploy/nginx), started by support/cluster-setup.ts. One worker: the files run in order and the
 * last one stops instances.
 */
export default defineConfig({
  testDir: './cluster',
  globalSetup: './support/cluster-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.CLUSTER_PROXY_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [...CHROMIUM_ARGS, '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
