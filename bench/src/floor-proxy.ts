// Three doors onto the api through one proxy on this host: one passes every answer as the api gave
// it (the page as served), one takes the scripts out of each HTML answer (the page's floor:
// stripScripts), one its styles too (the page's plain text: stripStyles). Everything else (styles,
// fonts, images, the api's reads) passes unchanged through each, so served and floor differ in the
// scripts alone, floor and plain in the styles alone: same hop, same headers, same compression.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib';
import { stripScriptLinks, stripScripts, stripStyles } from './strip-scripts';

export interface FloorProxy {
  /** The api's pages as served, through the proxy. */
  servedUrl: string;
  /** The same pages without scripts, through the same proxy. */
  floorUrl: string;
  /** The same pages without scripts or styles. */
  plainUrl: string;
  close(): Promise<void>;
}

/** Headers of one connection, not of the answer (RFC 9110 §7.6.1): this proxy's own connection sets them. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade'];

/** The body in `encoding` again, as the api compresses HTML (api/src/modules/ssr/html.ts: brotli at 5). */
function encode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
  if (encoding === 'gzip') return gzipSync(body);
  return body;
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === undefined || encoding === 'identity') return body;
  throw new Error(`the floor proxy cannot read a ${encoding} body`);
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

export async function startFloorProxy(upstream: string): Promise<FloorProxy> {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true });
  const door = (strip?: (html: string) => string) =>
    http.createServer((req, res) => {
      const forward = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host }, agent },
        (answer) => {
          const headers = { ...answer.headers };
          for (const name of HOP_BY_HOP) delete headers[name];
          const status = answer.statusCode ?? 502;
          if (strip && typeof headers.link === 'string') {
            const link = stripScriptLinks(headers.link);
            if (link === undefined) delete headers.link;
            else headers.link = link;
          }
          if (!strip || !String(headers['content-type'] ?? '').startsWith('text/html')) {
            res.writeHead(status, headers);
            answer.pipe(res);
            return;
          }
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const encoding = headers['content-encoding'];
            const html = decode(Buffer.concat(chunks), encoding).toString('utf8');
            const body = encode(Buffer.from(strip(html)), encoding);
            headers['content-length'] = String(body.length);
            res.writeHead(status, headers);
            res.end(body);
          });
        },
      );
      forward.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`the floor proxy could not reach the api: ${error.message}`);
      });
      req.pipe(forward);
    });
  const doors = [door(), door(stripScripts), door(stripStyles)];
  const [servedUrl, floorUrl, plainUrl] = await Promise.all(doors.map(listen));
  return {
    servedUrl: servedUrl!,
    floorUrl: floorUrl!,
    plainUrl: plainUrl!,
    async close() {
      const closed = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));
      for (const server of doors) server.closeAllConnections();
      await Promise.all(doors.map(closed));
      agent.destroy();
    },
  };
}
