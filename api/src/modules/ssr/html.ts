import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deferEntryScript } from '../../lib/deferred-entry';
import { withEarlyPressRecorder } from '../../lib/early-presses';
import { etagMatches, etagOf } from '../public-cache/service';
import type { PreloadedData } from './render';
import type { ModuleFiles } from './deployment';

export type PageEncoding = 'br' | 'gzip';

/** The form a page is sent in for an `Accept-Encoding`: brotli, else gzip, else none. */
export function pageEncoding(accepted: string | undefined): PageEncoding | null {
  if (!accepted) return null;
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
}

/** A rendered page, and its compressed forms (made once per kept page). */
export class RenderedHtml {
  private readonly encoded = new Map<PageEncoding, Buffer>();
  /** The UTF-8 bytes, encoded once rather than on every answer. */
  readonly bytes: Buffer;
  /** One ETag for every encoding: the content is the same (the encoding varies with Vary). */
  readonly etag: string;

  /** Called when a compressed form is added (the page's cache counts its bytes again). */
  onResize: (() => void) | undefined;

  /**
   * 404 for a page that found nothing (its HTML says so too). A personal page (the outcome of the
   * visitor's own form post in it) is sent to that visitor alone, never kept by any cache.
   */
  constructor(
    readonly html: string,
    readonly status: 200 | 404 = 200,
    readonly personal = false,
  ) {
    this.bytes = Buffer.from(html, 'utf8');
    this.etag = etagOf(this.bytes);
  }

  /** The bytes it holds: the HTML and the compressed forms made so far. */
  get size(): number {
    let total = this.bytes.length;
    for (const body of this.encoded.values()) total += body.length;
    return total;
  }

  encode(encoding: PageEncoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: this.html.length } })
          : gzipSync(this.bytes, { level: 6 });
      this.encoded.set(encoding, body);
      this.onResize?.();
    }
    return body;
  }
}

/**
 * Pages are revalidated by browsers on every visit; `public` lets a shared cache in front (the
 * nginx micro-cache, deploy/) hold one for a moment, since a page's HTML is the same for everyone.
 */
export const PAGE_CACHE_CONTROL = 'public, no-cache';

/** Sends a rendered page in the encoding the browser takes best, or 304 when its copy is current. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedHtml): FastifyReply {
  reply.header('Vary', 'Accept-Encoding');
  // Marked private before (an admin's preview of a release on trial): theirs alone, revalidated.
  const privately = String(reply.getHeader('Cache-Control') ?? '').startsWith('private');
  if (page.personal) reply.code(page.status).header('Cache-Control', 'private, no-store');
  else if (page.status !== 200) reply.code(page.status).header('Cache-Control', 'no-cache');
  else {
    reply.header('Cache-Control', privately ? 'private, no-cache' : PAGE_CACHE_CONTROL).header('ETag', page.etag);
    if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  }
  reply.type('text/html; charset=utf-8');
  const encoding = pageEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.bytes);
  return reply.header('Content-Encoding', encoding).send(page.encode(encoding));
}

/** The id of the preloaded-data script; the shell reads it (shared/src/preloaded.tsx). */
const PRELOADED_SCRIPT_ID = 'preloaded-data';
/** The id of the remote list the page was rendered with; the shell reads it (shell/src/lib/remotes-config.ts). */
export const REMOTES_SCRIPT_ID = 'remotes-config';

/** What the browser needs first for the page beside its markup: the remote list, and its remote module's files. */
export interface PageStart {
  /** remotes.json as this page was rendered with it (the visitor's side of a trial): no request for it. */
  remotes?: Record<string, string>;
  /** The page's remote module's entry and chunks (deployment.filesOf), fetched with the shell's first chunks. */
  module?: ModuleFiles | null;
  /** The page's path: a page of the shell's own gets its chunks fetched with the first ones. */
  path?: string;
}

/** JSON inside a `<script>`: nothing in it may close the element or open a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * Puts the rendered page into the shell's HTML: styles in the head, markup in #root, its data after
 * it, the recorder of presses made before the shell is ready, and the shell's script loaded once the
 * page has been painted, with the files it asks for next.
 */
export function composeHtml(template: string, page: { html: string; styles: string }, preloaded: PreloadedData, start: PageStart = {}): string {
  const json = (id: string, value: unknown) => `<script id="${id}" type="application/json">${scriptJson(value)}</script>`;
  const data =
    (Object.keys(preloaded).length ? json(PRELOADED_SCRIPT_ID, preloaded) : '') +
    (start.remotes && Object.keys(start.remotes).length ? json(REMOTES_SCRIPT_ID, start.remotes) : '');
  return withEarlyPressRecorder(deferEntryScript(template, start.module ?? undefined, start.path))
    .replace('</head>', () => `${page.styles}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${data}`);
}
