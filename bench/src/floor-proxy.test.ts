import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFloorProxy, type FloorProxy } from './floor-proxy';

const PAGE =
  '<!doctype html><html><head><style>p{color:red}</style><link rel="stylesheet" href="/a.css"></head>' +
  '<body><header style="--alpha:0"><p>Small Teams. Big Impact.</p></header><img src="/p.jpg" alt=""><script>go()</script></body></html>';
const FILE = 'console.log("a script file passes as it is")';

let upstream: http.Server;
let proxy: FloorProxy;

beforeAll(async () => {
  // Like the api: HTML in brotli with a Link header naming a script and a style, other files as they are.
  upstream = http.createServer((req, res) => {
    if (req.url === '/') {
      const body = brotliCompressSync(PAGE);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'content-length': body.length, link: '</main.js>; rel=preload; as=script, </a.css>; rel=preload; as=style' });
      res.end(body);
    } else {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(FILE);
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  proxy = await startFloorProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('the floor proxy', () => {
  it('passes the page as served through its first door', async () => {
    const res = await fetch(`${proxy.servedUrl}/`);
    expect(await res.text()).toBe(PAGE);
    expect(res.headers.get('link')).toBe('</main.js>; rel=preload; as=script, </a.css>; rel=preload; as=style');
  });

  it('takes the scripts out through the floor door, styles kept, in the same encoding', async () => {
    const res = await fetch(`${proxy.floorUrl}/`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    const html = await res.text();
    expect(html).not.toContain('<script');
    expect(html).toContain('<style>p{color:red}</style>');
    expect(html).toContain('<header style="--alpha:0">');
    expect(res.headers.get('link')).toBe('</a.css>; rel=preload; as=style');
  });

  it('takes the styles out too through the plain door, the text and images kept', async () => {
    const html = await (await fetch(`${proxy.plainUrl}/`)).text();
    expect(html).toBe('<!doctype html><html><head></head><body><header><p>Small Teams. Big Impact.</p></header><img src="/p.jpg" alt=""></body></html>');
  });

  it('passes every other file unchanged through each door', async () => {
    for (const url of [proxy.servedUrl, proxy.floorUrl, proxy.plainUrl]) expect(await (await fetch(`${url}/main.js`)).text()).toBe(FILE);
  });
});
