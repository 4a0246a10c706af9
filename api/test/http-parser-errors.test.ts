import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';

/** What the server answers to `raw`, written as is on a fresh connection (until it closes or answers). */
function rawExchange(port: number, raw: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const done = () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const type = /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
      resolve({ status, type, body });
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
      // One answer is enough: a keep-alive connection is not waited on.
      const [head, body] = answer.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(head ?? '')?.[1] ?? -1);
      if (body !== undefined && length >= 0 && Buffer.byteLength(body) >= length) {
        socket.destroy();
        done();
      }
    });
    socket.on('end', done);
    socket.on('error', reject);
    socket.write(raw);
  });
}

const [pglite] = testDatabases();

describe("what Node's parser refuses, and headers sent twice: the site's error shape", () => {
  let port = 0;
  useTestApp(pglite!, async (app: FastifyInstance) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });

  const errorShape = (body: string) => {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    expect(Object.keys(parsed).sort()).toEqual(['error', 'message']);
    return parsed;
  };

  it.each([
    ['a duplicate Content-Length', 'POST /api/contacts HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}'],
    ['a conflicting Content-Length and chunked body', 'POST /api/contacts HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
    ['a bad chunk', 'POST /api/contacts HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n'],
    ['a NUL in a header', 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n'],
    ['a folded header', 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\r\n  folded\r\n\r\n'],
    ['an unknown method', 'BREW /api/health HTTP/1.1\r\nHost: x\r\n\r\n'],
  ])('answers %s with 400 and { error, message }', async (_what, raw) => {
    const answer = await rawExchange(port, raw);
    expect(answer.status).toBe(400);
    expect(answer.type).toContain('application/json');
    expect(errorShape(answer.body).error).toBe('bad_request');
  });

  it('answers headers too large with 431 in the same shape', async () => {
    const answer = await rawExchange(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(errorShape(answer.body).error).toBe('headers_too_large');
  });

  it('refuses two Host headers, and two Content-Type headers on a post', async () => {
    const twoHosts = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n');
    expect([twoHosts.status, errorShape(twoHosts.body).error]).toEqual([400, 'bad_request']);
    const body = '{"email":"a@example.com"}';
    const twoTypes = await rawExchange(
      port,
      `POST /api/newsletters HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect([twoTypes.status, errorShape(twoTypes.body).error]).toEqual([400, 'bad_request']);
    // One of each is answered as usual.
    expect((await rawExchange(port, 'GET /api/health/live HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n')).status).toBe(200);
  });
});
