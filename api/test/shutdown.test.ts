import { Server, connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { PROXY_NEXT_UPSTREAM_HEADER } from '../src/plugins/lifecycle';

/** What a new TCP connection to `url` meets (a fresh socket: fetch would reuse a kept-alive one). */
function connectOutcome(url: URL): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe.each(testDatabases().slice(0, 1))('graceful shutdown on $name', (target) => {
  let app: FastifyInstance;
  let base: string;
  let releaseSlow: () => void = () => {};

  let markStarted: () => void = () => {};
  const slowStarted = new Promise<void>((resolve) => (markStarted = resolve));
  useTestApp(
    target,
    async (built) => {
      app = built;
      await app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    },
    {
      extend: (instance) => {
        instance.get('/api/__probe/slow', async () => {
          markStarted();
          await new Promise<void>((resolve) => (releaseSlow = resolve));
          return { finished: true };
        });
      },
    },
  );

  it('answers the readiness probe with 503 once draining starts', async () => {
    app.lifecycle.state = 'draining';
    try {
      const res = await fetch(`${base}/api/health/ready`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'draining', message: 'This instance is shutting down.' });
    } finally {
      app.lifecycle.state = 'ready';
    }
  });

  it("while draining, answers a GET or HEAD the site's proxy can retry elsewhere with 503, and serves everything else", async () => {
    const fromProxy = { [PROXY_NEXT_UPSTREAM_HEADER]: 'http_503', origin: base };
    app.lifecycle.state = 'draining';
    try {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${base}/api/events`, { method, headers: fromProxy });
        expect(res.status).toBe(503);
        expect(res.headers.get('connection')).toBe('close');
        expect(res.headers.get('retry-after')).toBe('1');
        if (method === 'GET') expect(await res.json()).toEqual({ error: 'draining', message: 'This instance is shutting down.' });
      }
      // A POST that reached the instance is never retried by the proxy: it is answered here.
      expect((await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: fromProxy })).status).toBe(204);
      // A client that does not retry elsewhere (or a balancer that reads the probe) is served.
      expect((await fetch(`${base}/api/events`)).status).toBe(200);
    } finally {
      app.lifecycle.state = 'ready';
    }
    expect((await fetch(`${base}/api/events`, { headers: fromProxy })).status).toBe(200);
  });

  it('lets in-flight requests finish, then stops', async () => {
    const inFlight = fetch(`${base}/api/__probe/slow`);
    await slowStarted;

    // The listener closing is the state to wait for (plugins/connections.ts closes it first, through
    // net.Server's close): from then on only the in-flight request holds close() back.
    const close = Server.prototype.close;
    const listenerClosed = new Promise<void>((resolve) => {
      vi.spyOn(Server.prototype, 'close').mockImplementation(function (this: Server, callback?: (error?: Error) => void) {
        const result = close.call(this, callback);
        if (this === app.server) resolve();
        return result;
      });
    });
    const closing = app.close();
    let closed = false;
    void closing.then(() => (closed = true));
    await listenerClosed;
    expect(await connectOutcome(new URL(base))).toBe('ECONNREFUSED'); // no new connection
    expect(closed).toBe(false); // still waiting for the in-flight request

    releaseSlow();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });
    await closing;
    vi.restoreAllMocks();
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
  });
});
