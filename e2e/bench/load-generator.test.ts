// The bench's autocannon carries a patch (patches/autocannon@9.0.0.patch, decision 029): it decodes
// an answer's body into a string only when something reads it. These tests hold both halves: the
// readers still get whole bodies, and a plain load decodes none (an upgrade that drops the patch
// fails here, before it skews the bench's page rows).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);
// The queue module autocannon's client itself loads (same path, so the same prototype).
const { prototype: queue } = require(require.resolve('autocannon').replace(/autocannon\.js$/, 'lib/pipelinedRequestsQueue.js')) as {
  prototype: { addBody(data: Buffer): void };
};

// A page-sized answer with multi-byte characters, sent in several writes as a page would arrive.
const BODY = `<p>Small teams – big impact’s “proof”</p>${'x'.repeat(30_000)}<footer>© ↑</footer>`;
const AMOUNT = 20;

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(BODY) });
    const bytes = Buffer.from(BODY);
    res.write(bytes.subarray(0, 10_000));
    res.write(bytes.subarray(10_000, 20_000));
    res.end(bytes.subarray(20_000));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => vi.restoreAllMocks());

function run(options: Partial<autocannon.Options>) {
  return autocannon({ url, connections: 2, amount: AMOUNT, ...options });
}

describe('the bench load generator', () => {
  it('decodes no body when nothing reads it', async () => {
    const addBody = vi.spyOn(queue, 'addBody');
    const result = await run({});
    expect(result.requests.total).toBe(AMOUNT);
    expect(result.non2xx + result.errors).toBe(0);
    expect(addBody).not.toHaveBeenCalled();
  });

  it('gives a request’s onResponse the whole body', async () => {
    const bodies: string[] = [];
    await run({ requests: [{ method: 'GET', path: '/', onResponse: (_status: number, body: string) => void bodies.push(body) }] });
    expect(bodies.length).toBe(AMOUNT);
    for (const body of bodies) expect(body).toBe(BODY);
  });

  it('gives verifyBody the whole body', async () => {
    const bodies: string[] = [];
    const result = await run({ verifyBody: (body: string) => (bodies.push(body), true) } as Partial<autocannon.Options>);
    expect(bodies.length).toBe(AMOUNT);
    for (const body of bodies) expect(body).toBe(BODY);
    expect(result.mismatches).toBe(0);
  });

  it('still counts a body that differs from expectBody', async () => {
    const result = await run({ expectBody: 'something else' });
    expect(result.mismatches).toBe(AMOUNT);
  });
});
