import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '@site/test-support/chromium';

/** Runs against the composed production build, served by the api on a free port (see global-setup). */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // No retries: a test that needs one is a defect to fix (wait on state, not on time).
  retries: 0,
  // A scenario's whole budget: on a 2-core host running two browsers it can be three times slower
  // than usual (a full run took 16.6 min instead of 5); each step still waits at most 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [...CHROMIUM_ARGS, '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
