import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from './app';
import { testDatabases } from './databases';

describe.each(testDatabases().slice(0, 1))('serving the built front ends ($name)', (target) => {
  let app: FastifyInstance;
  let webRoot: string;
  const bundle = 'console.log("hello from a hashed bundle");'.repeat(40);

  beforeAll(async () => {
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
    app = await buildApp({ config: testConfig({ WEB_ROOT: webRoot }), database: await target.open(), logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await target.dispose();
    await rm(webRoot, { recursive: true, force: true });
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
    expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.example\.com[;\s]/);
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
});
