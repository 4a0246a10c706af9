import { rm } from 'node:fs/promises';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig, useTestApp } from './app';
import { testDatabases, type TestDatabase } from './databases';
import { adminHeaders, createEvent } from './content-helpers';
import { fakeWebRoot } from './ssr-helpers';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  bytes: Buffer;
}

const sendTo = (port: number, path: string, headers: Record<string, string> = {}, agent?: Agent) =>
  new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, ...(agent ? { agent } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
    });
    req.on('error', reject);
    req.end();
  });

const withoutDate = ({ date: _date, ...headers }: IncomingHttpHeaders) => headers;

interface Listening {
  app: FastifyInstance;
  /** The URL of every request a global hook saw. */
  seen: string[];
  requestLines(): Record<string, unknown>[];
  send(path: string, headers?: Record<string, string>): Promise<Answer>;
}

/**
 * The suite's app, listening, whose every request a global hook sees (as any future global hook
 * must), with its request log lines. Over a real socket, as visitors come.
 */
function useListening(target: TestDatabase, onReady: (listening: Listening) => void, webRoot?: () => Promise<string>): void {
  const lines: Record<string, unknown>[] = [];
  const seen: string[] = [];
  useTestApp(
    target,
    async (app) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      onReady({
        app,
        seen,
        requestLines: () => lines.filter((line) => line.msg === 'request completed'),
        send: (path, headers = {}) => sendTo(port, path, headers),
      });
    },
    {
      env: { LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1' },
      logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
      extend: (app) => app.addHook('onRequest', async (request) => void seen.push(request.url)),
      ...(webRoot ? { webRoot } : {}),
    },
  );
}

// Kept public answers are sent from the route's onRequest hook, inside Fastify's lifecycle: every
// global hook, the security headers and the request log see them.
describe.each(testDatabases())('kept public answers on $name', (target) => {
  let ctx: Listening;
  let list: ReturnType<typeof vi.spyOn>;

  // No PUBLIC_URL: the feed's links follow the origin the request came in on.
  useListening(target, (listening) => {
    ctx = listening;
    list = vi.spyOn(ctx.app.events, 'list');
  });

  it('answers a repeated read from the cache, as first sent, and 304 on its ETag', async () => {
    const { send, seen } = ctx;
    const first = await send('/api/events');
    expect(first.status).toBe(200);
    const reads = list.mock.calls.length;
    const kept = await send('/api/events');
    expect(list.mock.calls.length).toBe(reads);
    expect(kept.body).toBe(first.body);
    expect(withoutDate(kept.headers)).toEqual(withoutDate(first.headers));
    expect(kept.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(kept.headers['x-content-type-options']).toBe('nosniff');
    expect(seen.filter((url) => url === '/api/events')).toHaveLength(2);

    const notModified = await send('/api/events', { 'if-none-match': String(first.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(first.headers.etag);
    expect(notModified.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(notModified.headers['content-type']).toBeUndefined();
    expect(list.mock.calls.length).toBe(reads);
  });

  it('writes the request log line of a kept answer, with the client a trusted proxy names', async () => {
    const { send, requestLines } = ctx;
    await send('/api/events');
    const before = requestLines().length;
    await send('/api/events', { 'x-forwarded-for': '203.0.113.7' });
    const logged = requestLines().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/events', remoteAddress: '203.0.113.7' }, res: { statusCode: 200 } });
    expect(logged[0]!.reqId).toEqual(expect.any(String));
    expect(logged[0]!.responseTime).toEqual(expect.any(Number));
  });

  it('answers an admin fresh, never from the cache', async () => {
    const { app, send } = ctx;
    await send('/api/events');
    const reads = list.mock.calls.length;
    const asAdmin = await send('/api/events', adminHeaders(app));
    expect(list.mock.calls.length).toBe(reads + 1);
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
  });

  it('forgets a kept answer at the write that changes it', async () => {
    const { app, send } = ctx;
    await send('/api/events');
    await createEvent(app, { title: 'Kept meetup' });
    const reads = list.mock.calls.length;
    expect((await send('/api/events')).body).toContain('Kept meetup');
    expect(list.mock.calls.length).toBe(reads + 1);
    expect((await send('/api/events')).body).toContain('Kept meetup');
    expect(list.mock.calls.length).toBe(reads + 1);
  });

  it('keeps an answer per origin: the host, and the forwarded host and protocol of a trusted proxy', async () => {
    const { send } = ctx;
    const feed = '/api/blogs/rss.xml';
    for (let i = 0; i < 2; i++) {
      expect((await send(feed, { host: 'one.example' })).body).toContain('http://one.example/');
      expect((await send(feed, { host: 'two.example' })).body).not.toContain('one.example');
    }
    const proxied = { host: 'one.example', 'x-forwarded-host': 'site.example', 'x-forwarded-proto': 'https' };
    for (let i = 0; i < 2; i++) {
      const body = (await send(feed, proxied)).body;
      expect(body).toContain('https://site.example/');
      expect(body).not.toContain('one.example');
    }
  });
});

describe.each(testDatabases())('kept rendered pages on $name', (target) => {
  let ctx: Listening;
  let rendered: ReturnType<typeof vi.spyOn>;

  useListening(
    target,
    (listening) => {
      ctx = listening;
      rendered = vi.spyOn(ctx.app.ssr, 'page');
    },
    fakeWebRoot,
  );

  /** Whether the last visits went past the kept-page hook to the page handler. */
  const handled = () => rendered.mock.calls.length;

  it('answers a kept page from its hook, in each encoding, with the headers of the first answer', async () => {
    const { send, seen } = ctx;
    // A look at the deployment is due every half second: the page handler then looks, the hook does not answer.
    await expect.poll(async () => {
      await send('/privacy');
      const before = handled();
      await send('/privacy');
      return handled() === before;
    }).toBe(true);
    for (const headers of [{}, { 'accept-encoding': 'gzip, deflate, br' }, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const first = await send('/privacy', headers);
      const kept = await send('/privacy', headers);
      expect(kept.bytes.equals(first.bytes)).toBe(true);
      expect(withoutDate(kept.headers)).toEqual(withoutDate(first.headers));
    }
    const br = await send('/privacy', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.bytes).toString('utf8')).toContain('<h1>Rendered /privacy</h1>');
    const plain = await send('/privacy');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-security-policy']).toContain('script-src');
    expect(plain.headers['cache-control']).toBe('public, no-cache');
    expect(plain.body).toContain('<h1>Rendered /privacy</h1>');
    expect(seen.filter((url) => url === '/privacy').length).toBeGreaterThanOrEqual(9);

    const notModified = await send('/privacy', { 'if-none-match': String(plain.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('writes the request log line of a kept page', async () => {
    const { send, requestLines } = ctx;
    await send('/privacy');
    const before = requestLines().length;
    await send('/privacy', { 'x-forwarded-for': '203.0.113.9' });
    const logged = requestLines().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ req: { method: 'GET', url: '/privacy', remoteAddress: '203.0.113.9' }, res: { statusCode: 200 } });
  });

  it('forgets a kept page at the write that changes it', async () => {
    const { app, send } = ctx;
    await send('/community');
    await createEvent(app, { title: 'Page meetup' });
    expect((await send('/community')).body).toContain('events: Page meetup');
  });
});

describe.each(testDatabases().slice(0, 1))('kept answers during shutdown on $name', (target) => {
  it.each([
    { what: 'a public read', path: '/api/events' },
    { what: 'a rendered page', path: '/privacy' },
  ])('answers $what kept with Connection: close once closing starts', async ({ path }) => {
    const webRoot = await fakeWebRoot();
    const app = await buildApp({ config: testConfig({ WEB_ROOT: webRoot }), database: await target.open(), logger: false });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await app.ready();
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      await sendTo(port, path, {}, agent);
      const kept = await sendTo(port, path, {}, agent);
      expect({ status: kept.status, connection: kept.headers.connection }).toEqual({ status: 200, connection: 'keep-alive' });

      // The same kept connection, once the server has stopped listening.
      const closing = app.close();
      const last = await sendTo(port, path, {}, agent);
      expect({ status: last.status, connection: last.headers.connection }).toEqual({ status: 200, connection: 'close' });
      await closing;
    } finally {
      agent.destroy();
      await target.dispose();
      await rm(webRoot, { recursive: true, force: true });
    }
  });
});
