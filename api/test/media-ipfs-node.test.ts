import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ipfsAddRequest } from '../src/modules/media/service';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders } from './content-helpers';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface SeenRequest {
  url: string;
  headers: IncomingHttpHeaders;
}

/** A stand-in IPFS node that records what it is asked and answers like `ipfs add`. */
function fakeNode(): Promise<{ server: Server; port: number; seen: Promise<SeenRequest> }> {
  let report!: (request: SeenRequest) => void;
  const seen = new Promise<SeenRequest>((resolve) => (report = resolve));
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      report({ url: req.url ?? '', headers: req.headers });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ Name: 'upload', Hash: 'bafkreiexample', Size: '1' }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, seen })),
  );
}

describe('the IPFS add request', () => {
  it('keeps the base path of IPFS_API_URL', () => {
    expect(ipfsAddRequest('http://node.example:5001').url.href).toBe(
      'http://node.example:5001/api/v0/add?cid-version=1&raw-leaves=true&pin=true',
    );
    expect(ipfsAddRequest('https://proxy.example/ipfs-node').url.pathname).toBe('/ipfs-node/api/v0/add');
    expect(ipfsAddRequest('https://proxy.example/ipfs-node/').url.pathname).toBe('/ipfs-node/api/v0/add');
  });

  it('sends credentials written in the URL as a Basic Authorization header, not in the URL', () => {
    const { url, headers } = ipfsAddRequest('https://alice:s%40cret@proxy.example/node/');
    expect(url.username).toBe('');
    expect(url.password).toBe('');
    expect(headers.authorization).toBe(`Basic ${Buffer.from('alice:s@cret').toString('base64')}`);
    expect(ipfsAddRequest('https://proxy.example/').headers).toEqual({});
  });
});

describe.each(testDatabases())('media with an IPFS node and a gateway configured on $name', (target) => {
  let app: FastifyInstance;
  let node: Awaited<ReturnType<typeof fakeNode>>;

  beforeAll(async () => {
    node = await fakeNode();
  });
  afterAll(() => {
    node?.server.close();
  });
  useTestApp(
    target,
    (built) => (app = built),
    () => ({
      env: {
        IPFS_API_URL: `http://bob:pw@127.0.0.1:${node.port}/base/`,
        // No longer read: a public gateway does not serve the CIDs this site computes for large files.
        IPFS_GATEWAY_URL: 'https://gateway.example/ipfs/',
      },
    }),
  );

  it('still shows media from this site\'s own /ipfs/, and the CSP names no gateway', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/media/config' });
    expect(res.json()).toEqual({ gateway_url: '/ipfs/' });
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['content-security-policy'])).toContain("img-src 'self'");
    expect(String(page.headers['content-security-policy'])).not.toContain('gateway.example');
  });

  it('adds each upload to the node under its base path, with Basic credentials', async () => {
    const boundary = '----ipfs-node-test';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG_1PX,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/ipfs/upload-image',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...adminHeaders(app) },
    });
    expect(res.statusCode).toBe(201);
    // The local copy serves the file whatever the node answers.
    expect((await app.inject({ method: 'GET', url: `/ipfs/${res.json().cid}` })).statusCode).toBe(200);
    const seen = await node.seen;
    expect(seen.url).toBe('/base/api/v0/add?cid-version=1&raw-leaves=true&pin=true');
    expect(seen.headers.authorization).toBe(`Basic ${Buffer.from('bob:pw').toString('base64')}`);
  });
});
