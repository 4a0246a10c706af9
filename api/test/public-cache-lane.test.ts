import { rm } from 'node:fs/promises';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { registerTestAdmin, testConfig } from './app';
import { testDatabases } from './databases';
import { adminHeaders, createBlog, createEvent } from './content-helpers';
import { fakeWebRoot } from './ssr-helpers';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  bytes: Buffer;
}

const sendTo = (port: number, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
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

interface Lane {
  app: FastifyInstance;
  send: (path: string) => Promise<Answer>;
  /** Whether the last request was answered by the lane (true) or went on to Fastify (false). */
  answeredBeforeFastify: () => boolean;
}

/** A kept answer is the lane's until a new event changes it; then Fastify's, with the event, kept again. */
async function expectForgottenAtWrite({ app, send, answeredBeforeFastify }: Lane, path: string, title: string) {
  await send(path);
  await send(path);
  expect(answeredBeforeFastify()).toBe(true);
  await createEvent(app, { title });
  const fresh = await send(path);
  expect(answeredBeforeFastify()).toBe(false);
  expect(fresh.body).toContain(title);
  expect((await send(path)).body).toContain(title);
  expect(answeredBeforeFastify()).toBe(true);
}

// Kept public answers are served from Node's request event, before Fastify (decision 027): these
// tests go over a real socket, since `inject` enters Fastify directly.
describe.each(testDatabases())('kept public answers served before Fastify on $name', (target) => {
  let app: FastifyInstance;
  let port: number;
  let lane: MockInstance<FastifyInstance['publicCache']['serveKept']>;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    app = await buildApp({
      // No PUBLIC_URL: the feed's links follow the origin the request came in on.
      config: testConfig({ LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1' }),
      database: await target.open(),
      serveWeb: false,
      logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    await app.ready();
    await registerTestAdmin(app);
    lane = vi.spyOn(app.publicCache, 'serveKept');
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app?.close();
    await target.dispose();
  });

  const send = (path: string, headers: Record<string, string> = {}, method = 'GET') => sendTo(port, path, headers, method);
  const answeredBeforeFastify = () => lane.mock.results.at(-1)?.value as boolean;

  it('answers a repeated read as Fastify answered it, headers and bytes, and 304 on its ETag', async () => {
    const first = await send('/api/events');
    expect(first.status).toBe(200);
    expect(answeredBeforeFastify()).toBe(false);

    const kept = await send('/api/events');
    expect(answeredBeforeFastify()).toBe(true);
    expect(kept.body).toBe(first.body);
    expect(withoutDate(kept.headers)).toEqual(withoutDate(first.headers));
    expect(kept.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");

    const notModified = await send('/api/events', { 'if-none-match': String(first.headers.etag) });
    expect(answeredBeforeFastify()).toBe(true);
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(first.headers.etag);
    expect(notModified.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(notModified.headers['content-type']).toBeUndefined();
  });

  it('leaves to Fastify what is not a plain public GET', async () => {
    await send('/api/events');
    const head = await send('/api/events', {}, 'HEAD');
    expect(answeredBeforeFastify()).toBe(false);
    expect(head.status).toBe(200);
    const asAdmin = await send('/api/events', adminHeaders(app));
    expect(answeredBeforeFastify()).toBe(false);
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
  });

  it('forgets a kept answer at the write that changes it', async () => {
    await expectForgottenAtWrite({ app, send, answeredBeforeFastify }, '/api/events', 'Lane meetup');
  });

  it('keeps an answer per origin: the host, and the forwarded host and protocol of a trusted proxy', async () => {
    const feed = '/api/blogs/rss.xml';
    for (let i = 0; i < 2; i++) {
      expect((await send(feed, { host: 'one.example' })).body).toContain('http://one.example/');
      expect((await send(feed, { host: 'two.example' })).body).not.toContain('one.example');
    }
    expect(answeredBeforeFastify()).toBe(true);
    const proxied = { host: 'one.example', 'x-forwarded-host': 'site.example', 'x-forwarded-proto': 'https' };
    for (let i = 0; i < 2; i++) {
      const body = (await send(feed, proxied)).body;
      expect(body).toContain('https://site.example/');
      expect(body).not.toContain('one.example');
    }
    expect(answeredBeforeFastify()).toBe(true);
  });

  it('logs one line for an answer it serves, with the client a trusted proxy names', async () => {
    await send('/api/events');
    const before = lines.length;
    await send('/api/events', { 'x-forwarded-for': '203.0.113.7' });
    expect(answeredBeforeFastify()).toBe(true);
    const logged = lines.slice(before).filter((line) => typeof line.reqId === 'string');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/events', remoteAddress: '203.0.113.7' },
      res: { statusCode: 200 },
    });
    expect(logged[0]!.responseTime).toEqual(expect.any(Number));
  });

  it('makes a draft no one asked for as an admin never reach the lane', async () => {
    const drafts = '/api/events?status=draft';
    await createEvent(app, { title: 'Lane draft', status: 'draft' });
    for (let i = 0; i < 2; i++) expect((await send(drafts, adminHeaders(app))).body).toContain('Lane draft');
    expect(answeredBeforeFastify()).toBe(false);
    const anonymous = await send(drafts);
    expect(anonymous.body).not.toContain('Lane draft');
  });
});

describe.each(testDatabases())('kept rendered pages served before Fastify on $name', (target) => {
  let app: FastifyInstance;
  let webRoot: string;
  let port: number;
  let lane: MockInstance<FastifyInstance['ssr']['serveKept']>;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    // The clock stands still, so the deployment is looked at again only when a test moves it on.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    webRoot = await fakeWebRoot();
    app = await buildApp({
      config: testConfig({ WEB_ROOT: webRoot, LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1', BLOG_VIEWS_FLUSH_MS: '3600000' }),
      database: await target.open(),
      logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    await app.ready();
    await registerTestAdmin(app);
    lane = vi.spyOn(app.ssr, 'serveKept');
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app?.close();
    await target.dispose();
    await rm(webRoot, { recursive: true, force: true });
  });

  const send = (path: string, headers: Record<string, string> = {}) => sendTo(port, path, headers);
  const answeredBeforeFastify = () => lane.mock.results.at(-1)?.value as boolean;

  it('answers a kept page as Fastify sent it, in each encoding', async () => {
    const encodings: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip, deflate, br' }, { 'accept-encoding': 'gzip' }];
    for (const headers of encodings) {
      const first = await send('/privacy', headers);
      expect(answeredBeforeFastify()).toBe(false);
      const kept = await send('/privacy', headers);
      expect(answeredBeforeFastify()).toBe(true);
      expect(kept.bytes.equals(first.bytes)).toBe(true);
      expect(withoutDate(kept.headers)).toEqual(withoutDate(first.headers));
    }
    const br = await send('/privacy', { 'accept-encoding': 'br' });
    expect(answeredBeforeFastify()).toBe(true);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.bytes).toString('utf8')).toContain('<h1>Rendered /privacy</h1>');
    const plain = await send('/privacy');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-security-policy']).toContain('script-src');
    expect(plain.body).toContain('<h1>Rendered /privacy</h1>');
  });

  it('counts each visitor of a kept blog post, the client a trusted proxy names', async () => {
    const post = await createBlog(app);
    const reader = (ip: string, userAgent = 'Reader/1.0') => ({ 'x-forwarded-for': ip, 'user-agent': userAgent });
    expect((await send(`/blog/${post.slug}`, reader('203.0.113.1'))).body).toContain(`Rendered /blog/${post.slug}`);
    expect(answeredBeforeFastify()).toBe(false);
    for (const headers of [reader('203.0.113.1'), reader('203.0.113.2'), reader('203.0.113.2'), reader('203.0.113.2', 'Other/2.0')]) {
      expect((await send(`/blog/${post.slug}`, headers)).body).toContain(`Rendered /blog/${post.slug}`);
      expect(answeredBeforeFastify()).toBe(true);
    }
    const admin = await app.inject({ url: '/api/admin/blogs?page=1&page_size=100', headers: adminHeaders(app) });
    expect(admin.json<{ items: { id: string; views_count: number }[] }>().items.find((item) => item.id === post.id)?.views_count).toBe(3);
  });

  it('forgets a kept page at the write that changes it', async () => {
    await expectForgottenAtWrite({ app, send, answeredBeforeFastify }, '/community', 'Page lane meetup');
  });

  it('leaves a visit to Fastify when the deployment is due a look, then serves the page kept again', async () => {
    await send('/privacy');
    await send('/privacy');
    expect(answeredBeforeFastify()).toBe(true);
    vi.setSystemTime(Date.now() + 1_000);
    expect((await send('/privacy')).status).toBe(200);
    expect(answeredBeforeFastify()).toBe(false);
    await send('/privacy');
    expect(answeredBeforeFastify()).toBe(true);
  });

  it('logs one line for a page it serves', async () => {
    await send('/privacy');
    const before = lines.length;
    await send('/privacy', { 'x-forwarded-for': '203.0.113.9' });
    expect(answeredBeforeFastify()).toBe(true);
    const logged = lines.slice(before).filter((line) => typeof line.reqId === 'string');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/privacy', remoteAddress: '203.0.113.9' }, res: { statusCode: 200 } });
  });
});

describe.each(testDatabases().slice(0, 1))('kept answers during shutdown on $name', (target) => {
  it.each([
    { what: 'a public read', path: '/api/events', lane: (app: FastifyInstance) => vi.spyOn(app.publicCache, 'serveKept') },
    { what: 'a rendered page', path: '/privacy', lane: (app: FastifyInstance) => vi.spyOn(app.ssr, 'serveKept') },
  ])('leaves $what to Fastify once closing starts, so each connection is told to close', async ({ path, lane: spyOnLane }) => {
    // The clock stands still until closing has started: the page lane's deployment look stays not due.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const webRoot = await fakeWebRoot();
    const app = await buildApp({ config: testConfig({ WEB_ROOT: webRoot }), database: await target.open(), logger: false });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await app.ready();
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      const lane = spyOnLane(app);
      const read = () =>
        new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
          httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          }).on('error', reject).end();
        });
      await read();
      expect(await read()).toEqual({ status: 200, connection: 'keep-alive' });
      expect(lane.mock.results.at(-1)?.value).toBe(true);

      // The same kept connection, once the server has stopped listening.
      const closing = app.close();
      expect(await read()).toEqual({ status: 200, connection: 'close' });
      expect(lane.mock.results.at(-1)?.value).toBe(false);
      // The shutdown measures idle connections by the clock.
      vi.useRealTimers();
      await closing;
    } finally {
      vi.useRealTimers();
      agent.destroy();
      await target.dispose();
      await rm(webRoot, { recursive: true, force: true });
    }
  });
});
