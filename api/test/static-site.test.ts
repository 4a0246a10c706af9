import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig, useTestApp } from './app';
import { testDatabases } from './databases';

describe.each(testDatabases())('serving the built front ends ($name)', (target) => {
  let app: FastifyInstance;
  /** The route each answered request matched ('404' for the not-found handler). */
  const matched = new Map<string, string>();
  let webRoot: string;
  const bundle = 'console.log("hello from a hashed bundle");'.repeat(40);

  /** A web root of a built shell and one remote (removed when the app closes). */
  const makeWebRoot = async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), 'web-root-'));
    const shell = path.join(webRoot, 'shell', 'dist');
    const remote = path.join(webRoot, 'mfe-community', 'dist');
    await mkdir(shell, { recursive: true });
    await mkdir(remote, { recursive: true });
    await writeFile(path.join(shell, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
    await writeFile(
      path.join(shell, 'remotes.json'),
      JSON.stringify({ mfe_marketing: 'https://cdn.example.com/marketing/remoteEntry.js', mfe_community: '/remotes/mfe-community/remoteEntry.js' }),
    );
    await writeFile(path.join(shell, 'main.0123456789.js'), bundle);
    await writeFile(path.join(shell, 'main.0123456789.js.br'), brotliCompressSync(bundle));
    await writeFile(path.join(shell, 'main.0123456789.js.gz'), gzipSync(bundle));
    await writeFile(path.join(remote, 'remoteEntry.js'), 'var mfe_community;');
    await writeFile(path.join(remote, 'index.html'), '<!doctype html><title>standalone</title>');
    return webRoot;
  };
  useTestApp(target, (built) => (app = built), {
    webRoot: makeWebRoot,
    extend: (instance) =>
      instance.addHook('onResponse', async (request) => {
        matched.set(`${request.method} ${request.url}`, request.is404 ? '404' : (request.routeOptions.url ?? ''));
      }),
  });

  it('serves the shell at / and for deep links, never cached', async () => {
    for (const url of ['/', '/community', '/blog/some-post', '/admin/blogs']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed files immutable and pre-compressed', async () => {
    const br = await app.inject({ method: 'GET', url: '/main.0123456789.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await app.inject({ method: 'GET', url: '/main.0123456789.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toContain('accept-encoding');
  });

  it('serves remote entries and remotes.json with no-cache', async () => {
    const entry = await app.inject({ method: 'GET', url: '/remotes/mfe-community/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const config = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(config.headers['cache-control']).toBe('no-cache');
  });

  it('allows scripts from the origins of remotes deployed elsewhere', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(/script-src ([^;]+)/.exec(csp)?.[1]?.split(' ')).toContain('https://cdn.example.com');
  });

  it('does not serve a remote\'s standalone page or unknown files', async () => {
    expect((await app.inject({ method: 'GET', url: '/remotes/mfe-community/index.html' })).statusCode).toBe(404);
    const missing = await app.inject({ method: 'GET', url: '/remotes/mfe-community/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', message: 'No such resource: GET /remotes/mfe-community/nope.js' });
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe('not_found');
  });

  it('routes every page of the shell to its page handler, never through the static files', async () => {
    const pages: [string, string][] = [
      ['/', '/'],
      ['/community', '/community'],
      ['/contact', '/contact'],
      ['/privacy', '/privacy'],
      ['/services/ai-chatbots', '/services/:slug'],
      ['/blog/some-post', '/blog/:slug'],
      ['/event/some-event', '/event/:slug'],
      ['/packages/some-package', '/packages/:slug'],
      ['/admin', '/admin'],
      ['/admin/blogs', '/admin/*'],
      ['/login', '/login'],
      ['/orders', '/orders'],
    ];
    for (const [url, route] of pages) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(matched.get(`${method} ${url}`), `${method} ${url}`).toBe(route);
        if (method === 'GET') expect(res.body).toContain('<div id="root">');
        else expect(res.body).toBe('');
      }
    }
    // Files are the static files' business; unknown api paths have a route of their own.
    await app.inject({ method: 'GET', url: '/main.0123456789.js' });
    expect(matched.get('GET /main.0123456789.js')).toBe('/*');
    await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(matched.get('GET /api/unknown')).toBe('/api/*');
  });

  it('serves the shell for an unknown page with 404 (the browser shows its not-found page)', async () => {
    for (const [url, status] of [['/nowhere', 404], ['/blog/a/b', 404]] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // A trailing slash is not another page: it moves to the one URL.
    const moved = await app.inject({ method: 'GET', url: '/community/' });
    expect([moved.statusCode, moved.headers.location]).toEqual([301, '/community']);
  });

  it('answers every other miss with the api\'s one not-found answer', async () => {
    const api = await buildApp({ config: testConfig({ WEB_ROOT: webRoot }), database: app.database, logger: false, serveWeb: false });
    try {
      const cases: [string, string][] = [
        ['GET', '/api/unknown?secret=1'],
        ['HEAD', '/api/unknown'],
        ['POST', '/api/unknown'],
        ['GET', '/nope.js'],
        ['GET', '/blog/picture.png'],
        ['POST', '/community'],
        ['DELETE', '/'],
        ['GET', '/remotes/unknown/entry.js'],
      ];
      for (const [method, url] of cases) {
        const res = await app.inject({ method: method as 'GET', url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        const expected = { error: 'not_found', message: `No such resource: ${method} ${url.split('?')[0]}` };
        if (method !== 'HEAD') {
          expect(res.json(), `${method} ${url}`).toEqual(expected);
          // The api alone (no front ends served) answers the same.
          expect((await api.inject({ method: method as 'GET', url })).json(), `${method} ${url}`).toEqual(expected);
        }
      }
    } finally {
      await api.close();
    }
  });
});
