import { connect, createServer, type Socket } from 'node:net';
import { openDatabase } from '../src/db/database';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { READINESS_PING_TIMEOUT_MS } from '../src/modules/health/routes';

const [pglite] = testDatabases();

describe('timeouts on a real listener', () => {
  let app: FastifyInstance;
  let port: number;

  useTestApp(
    pglite!,
    async (built) => {
      app = built;
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as { port: number }).port;
    },
    { env: { REQUEST_TIMEOUT_MS: '800', IDLE_TIMEOUT_MS: '800' } },
  );

  /** Opens a connection, sends `head` and part of a body, then calls `keepGoing` until the server closes it. */
  const holdOpen = (head: string, trickle: boolean) =>
    new Promise<{ closedAfterMs: number; answer: string }>((resolve, reject) => {
      const started = Date.now();
      let answer = '';
      const socket = connect(port, '127.0.0.1', () => socket.write(head));
      // A slowloris body: one byte now and then, so the connection is never idle.
      const timer = trickle ? setInterval(() => socket.write('a'), 100) : undefined;
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ closedAfterMs: Date.now() - started, answer });
      });
      setTimeout(() => reject(new Error('the connection was never closed')), 10_000).unref();
    });

  const partialPost = 'POST /api/contacts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"';

  it('closes a connection whose body stops arriving', async () => {
    const { closedAfterMs } = await holdOpen(partialPost, false);
    expect(closedAfterMs).toBeGreaterThanOrEqual(700);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('closes a connection whose body trickles in forever', async () => {
    const { closedAfterMs } = await holdOpen(partialPost, true);
    expect(closedAfterMs).toBeGreaterThanOrEqual(700);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('closes a connection whose headers never end', async () => {
    const { closedAfterMs } = await holdOpen('GET /api/health/live HTTP/1.1\r\nHost: x\r\n', true);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('answers readiness 503 within 2 s while the database is frozen, and recovers by itself', async () => {
    let thaw: () => void = () => {};
    const frozen = new Promise<void>((resolve) => (thaw = resolve));
    const original = app.database.ping;
    // A fake frozen database: the ping is sent and never answered until thawed.
    app.database.ping = () => frozen;
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      const took = Date.now() - started;
      expect(res.statusCode).toBe(503);
      expect(took).toBeGreaterThanOrEqual(READINESS_PING_TIMEOUT_MS - 50);
      expect(took).toBeLessThan(2_000);
    } finally {
      thaw();
      app.database.ping = original;
    }
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

describe('PostgreSQL pool timeouts', () => {
  it('gives up on a database that accepts connections but never answers', async () => {
    // A frozen server: the TCP handshake succeeds (the kernel does it), then nothing ever comes back.
    const held: Socket[] = [];
    const frozen = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => frozen.listen(0, '127.0.0.1', resolve));
    const { port } = frozen.address() as { port: number };
    const database = await openDatabase({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:${port}/frozen`, connectTimeoutMs: 300, statementTimeoutMs: 300 });
    try {
      const started = Date.now();
      await expect(database.ping()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await database.close();
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => frozen.close(resolve));
    }
  });
});
