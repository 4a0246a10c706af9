import { defineConfig } from 'vitest/config';
import { REMOTE_DIRS } from './shared/src/remotes.js';
import { HungFileWatch } from './tooling/test-support/src/hung-file-watch.js';

export default defineConfig({
  test: {
    // The slowest file takes about a minute; one held for ten would otherwise hold CI to its end.
    reporters: ['default', new HungFileWatch(10 * 60_000)],
    projects: [
      {
        test: {
          name: 'api',
          root: './api',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // The browser code the api serves, compiled as the build does (api/scripts/browser-scripts.mjs).
          globalSetup: ['./test/browser-scripts.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Each file starts its own embedded Postgres; two at a time suit a 2-core machine.
          maxWorkers: 2,
          // Projects with different maxWorkers must run as separate groups.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'build',
          root: './tooling',
          environment: 'node',
          include: ['build/*.test.mjs', 'lint/*.test.mjs', 'test-support/src/*.test.ts'],
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'bench',
          root: './bench',
          environment: 'node',
          // The bench's pure parts (the floor's HTML and tables); the bench itself runs as `pnpm bench`.
          include: ['src/**/*.test.ts'],
          sequence: { groupOrder: 2 },
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: [`{shell,shared,${REMOTE_DIRS.join(',')},assistant-widget}/src/**/*.test.{ts,tsx}`],
          setupFiles: ['./shared/test/setup.ts'],
          // Vitest 4 refuses two projects with different maxWorkers in one group: run web after api.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
