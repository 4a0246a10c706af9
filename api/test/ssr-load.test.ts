import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp, useTestInstances } from './app';
import { testDatabases } from './databases';
import { fakeWebRoot } from './ssr-helpers';

let flaky = 0;

/**
 * A built site whose shell container fails to load: every time (`always`), or the first time only
 * (`once`), as when the process's first load of it broke.
 */
const failingWebRoot = (how: 'always' | 'once') => async () => {
  const webRoot = await fakeWebRoot();
  const file = path.join(webRoot, 'shell', 'dist', 'server', 'remoteEntry.js');
  const { readFile } = await import('node:fs/promises');
  const container = await readFile(file, 'utf8');
  flaky += 1;
  const mark = `__shell_failed_once_${flaky}_${Date.now()}`;
  const failure =
    how === 'always'
      ? `throw new TypeError("Cannot read properties of undefined (reading 'getStatus')");`
      : `if (!globalThis.${mark}) { globalThis.${mark} = true; throw new TypeError("Cannot read properties of undefined (reading 'getStatus')"); }`;
  await writeFile(file, `${failure}\n${container}`);
  return webRoot;
};

const rendered = (body: string) => body.includes('<h1>Rendered /</h1>');

describe.each(testDatabases())('server containers that fail to load on $name', (target) => {
  describe('once', () => {
    let app: FastifyInstance;
    useTestApp(target, (built) => (app = built), { env: { LOG_LEVEL: 'silent' }, webRoot: failingWebRoot('once') });

    it('loads them again, and renders pages once they load', async () => {
      await expect.poll(async () => rendered((await app.inject({ url: '/' })).body), { timeout: 8000, interval: 100 }).toBe(true);
      expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    });
  });

  describe('always, on the only instance', () => {
    let app: FastifyInstance;
    useTestApp(target, (built) => (app = built), { env: { LOG_LEVEL: 'silent' }, webRoot: failingWebRoot('always') });

    it('stays ready and leaves its pages to the browser', async () => {
      const page = await app.inject({ url: '/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(rendered(page.body)).toBe(false);
      expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    });
  });
});

const postgres = testDatabases().filter((target) => target.name === 'postgres');
for (const target of postgres) {
  describe('an instance whose containers fail to load while another renders the same release', () => {
    let broken: FastifyInstance;
    let healthy: FastifyInstance;
    useTestInstances(
      target,
      [
        { webRoot: failingWebRoot('always'), env: { LOG_LEVEL: 'silent' } },
        { webRoot: fakeWebRoot, ownConnection: true, env: { LOG_LEVEL: 'silent' } },
      ],
      (apps) => {
        [broken, healthy] = apps as [FastifyInstance, FastifyInstance];
      },
    );

    it('answers not-ready, and 503 with Retry-After to page visits, while the other renders', async () => {
      await expect.poll(async () => rendered((await healthy.inject({ url: '/' })).body), { timeout: 8000, interval: 100 }).toBe(true);
      await expect.poll(async () => (await broken.inject({ url: '/api/health/ready' })).statusCode, { timeout: 8000, interval: 100 }).toBe(503);
      expect((await broken.inject({ url: '/api/health/ready' })).json()).toMatchObject({ error: 'render_unavailable' });
      const page = await broken.inject({ url: '/events' });
      expect(page.statusCode).toBe(503);
      expect(page.headers['retry-after']).toBe('5');
      expect((await healthy.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    });
  });

  describe('a release whose containers fail to load on every instance', () => {
    let one: FastifyInstance;
    let two: FastifyInstance;
    useTestInstances(
      target,
      [
        { webRoot: failingWebRoot('always'), env: { LOG_LEVEL: 'silent' } },
        { webRoot: failingWebRoot('always'), ownConnection: true, env: { LOG_LEVEL: 'silent' } },
      ],
      (apps) => {
        [one, two] = apps as [FastifyInstance, FastifyInstance];
      },
    );

    it('is still served by both, for the browser to render', async () => {
      for (const app of [one, two]) {
        // Both have tried (the first render of each waits for its load).
        const page = await app.inject({ url: '/' });
        expect(page.statusCode).toBe(200);
        expect(rendered(page.body)).toBe(false);
        expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
      }
    });
  });
}
