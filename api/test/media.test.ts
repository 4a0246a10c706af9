import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders, userHeaders } from './content-helpers';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The smallest EBML header that declares a WebM document. */
const WEBM_HEADER = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04]),
  Buffer.from([0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.from([0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02]),
]);

/** CIDv1 computed by hand: multibase 'b' + base32(0x01 0x55 0x12 0x20 + sha256). */
function expectedCid(bytes: Buffer): string {
  const digest = createHash('sha256').update(bytes).digest();
  const binary = Buffer.concat([Buffer.from([0x01, 0x55, 0x12, 0x20]), digest]);
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of binary) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return `b${out}`;
}

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----test-boundary-7f3a';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDatabases())('media on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  const upload = (bytes: Buffer, { name = 'file.png', type = 'image/png', field = 'image', headers = adminHeaders(app) } = {}) => {
    const body = multipart(field, name, type, bytes);
    return app.inject({ method: 'POST', url: '/api/ipfs/upload-image', payload: body.payload, headers: { ...body.headers, ...headers } });
  };

  it('refuses uploads without a token (401) or from a non-admin (403)', async () => {
    expect((await upload(PNG_1PX, { headers: {} as never })).statusCode).toBe(401);
    expect((await upload(PNG_1PX, { headers: userHeaders(app) })).statusCode).toBe(403);
  });

  it('answers the CIDv1 (raw, sha2-256, base32) of the stored (cleaned) bytes, the same for the same upload', async () => {
    const first = await upload(PNG_1PX);
    expect(first.statusCode).toBe(201);
    const stored = (await app.inject({ method: 'GET', url: `/ipfs/${first.json().cid}` })).rawPayload;
    expect(first.json()).toEqual({ cid: expectedCid(stored), content_type: 'image/png', size: stored.length, width: 1, height: 1 });
    const again = await upload(PNG_1PX, { name: 'other-name.jpg', type: 'image/jpeg' });
    expect(again.json().cid).toBe(first.json().cid);
    expect(again.json().content_type).toBe('image/png');
  });

  it('decides the type from the bytes: HTML named .png is refused, WebM is accepted as video', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const refused = await upload(html, { name: 'evil.png', type: 'image/png' });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error).toBe('unsupported_media_type');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(svg, { name: 'x.svg', type: 'image/svg+xml' })).statusCode).toBe(415);
    const video = await upload(WEBM_HEADER, { name: 'clip.bin', type: 'application/octet-stream' });
    expect(video.statusCode).toBe(201);
    expect(video.json().content_type).toBe('video/webm');
  });

  it('needs the field "image" and a multipart body', async () => {
    expect((await upload(PNG_1PX, { field: 'file' })).statusCode).toBe(400);
    const json = await app.inject({ method: 'POST', url: '/api/ipfs/upload-image', headers: adminHeaders(app), payload: { image: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('refuses files over 25 MB with 413', async () => {
    const big = Buffer.alloc(25 * 1024 * 1024 + 1);
    PNG_1PX.copy(big);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('payload_too_large');
  });

  it('serves a stored file at /ipfs/<cid> with its type, immutable caching and nosniff', async () => {
    const { cid } = (await upload(PNG_1PX)).json();
    const res = await app.inject({ method: 'GET', url: `/ipfs/${cid}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 8).equals(PNG_1PX.subarray(0, 8))).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/ipfs/${expectedCid(Buffer.from('never stored'))}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/ipfs/not-a-cid' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/ipfs/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
  });

  it('answers byte ranges with 206 (for video seeking) and 416 outside the file', async () => {
    const { cid } = (await upload(WEBM_HEADER)).json();
    const part = await app.inject({ method: 'GET', url: `/ipfs/${cid}`, headers: { range: 'bytes=4-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-9/${WEBM_HEADER.length}`);
    expect(part.headers['content-type']).toBe('video/webm');
    expect(part.rawPayload.equals(WEBM_HEADER.subarray(4, 10))).toBe(true);
    const tail = await app.inject({ method: 'GET', url: `/ipfs/${cid}`, headers: { range: 'bytes=-4' } });
    expect(tail.rawPayload.equals(WEBM_HEADER.subarray(-4))).toBe(true);
    const open = await app.inject({ method: 'GET', url: `/ipfs/${cid}`, headers: { range: 'bytes=30-' } });
    expect(open.headers['content-range']).toBe(`bytes 30-${WEBM_HEADER.length - 1}/${WEBM_HEADER.length}`);
    const outside = await app.inject({ method: 'GET', url: `/ipfs/${cid}`, headers: { range: 'bytes=1000-2000' } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${WEBM_HEADER.length}`);
  });

  it('tells the front end where to read media', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/media/config' });
    expect(res.json()).toEqual({ gateway_url: '/ipfs/' });
  });
});
