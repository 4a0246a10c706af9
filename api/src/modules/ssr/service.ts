import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { deferEntryScript } from '../../lib/deferred-entry';
import { publicOrigin } from '../../lib/origin';
import { rawClientIp } from '../../lib/raw-request';
import { sanitizeBlogHtml } from '../blogs/sanitize';
import { mediaTypeResolver, withMediaTypes } from '../blogs/media-type';
import type { MediaStore } from '../media/store';
import { wireAnswer, type PublicCacheTag } from '../public-cache/service';
import { requestKey, type WireAnswer } from '../public-cache/store';
import { createServerFederation, localFile, localOriginOf, RENDERED_REMOTES, serverEntryOf, type ServerFederation } from './federation';
import { RENDERED_MODULES, renderedRoute } from './pages';
import { renderPage, type PreloadedData, type ShellServerModule } from './render';

export interface SsrOptions {
  config: Config;
  /** Where uploaded media live: a blog's answer names its media's kind (image or video). */
  store: MediaStore;
  /** A render slower than this is abandoned and the page is left to the browser. */
  timeoutMs?: number;
  /** Loading a (re)deployed container's code, before the render's own budget starts. */
  loadTimeoutMs?: number;
  /** Rendered pages kept (per origin, path and query). */
  cacheSize?: number;
  /** Writes the request log line of a page sent by `serveKept` (Fastify writes the others). */
  logServed?: (request: IncomingMessage, statusCode: number, startedAt: number) => void;
}

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

  constructor(readonly html: string) {
    this.bytes = Buffer.from(html, 'utf8');
  }

  encode(encoding: PageEncoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: this.html.length } })
          : gzipSync(this.bytes, { level: 6 });
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

export interface SsrService {
  /** The page rendered on the server, or null: serve the shell for the browser to render. */
  page(url: string, request: FastifyRequest): Promise<RenderedHtml | null>;
  /** The page's HTML (see `page`). */
  html(url: string, request: FastifyRequest): Promise<string | null>;
  /** Rendered pages kept in memory. */
  readonly cached: number;
  /** The page routes' onSend hook: keeps a kept page's answer as it went on the wire, for `serveKept`. */
  keepSent(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
  /**
   * Answers a visit of a kept page as it arrives from Node, before Fastify (decision 027), with the
   * answer Fastify sent for it (same URL, origin and encoding); false when it has to go through
   * Fastify (not a plain GET, nothing kept, a deployment look due, shutting down).
   */
  serveKept(request: IncomingMessage, response: ServerResponse): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ssr: SsrService;
  }
}

interface CachedPage {
  /** Its key in the cache (origin, path and query). */
  key: string;
  page: RenderedHtml;
  tags: PublicCacheTag[];
  /** The post a blog page shows: each visit counts a view of it. */
  blogId?: string;
}

/** How often a deployment (remotes.json and the server containers' files) is looked at again. */
const CHECK_EVERY_MS = 500;

/** The id of the preloaded-data script; the shell reads it (shared/src/preloaded.tsx). */
const PRELOADED_SCRIPT_ID = 'preloaded-data';

/** JSON inside a `<script>`: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * Puts the rendered page into the shell's HTML: styles in the head, markup in #root, its data after
 * it, and the shell's script loaded once the page has been painted.
 */
export function composeHtml(template: string, page: { html: string; styles: string }, preloaded: PreloadedData): string {
  const data = Object.keys(preloaded).length
    ? `<script id="${PRELOADED_SCRIPT_ID}" type="application/json">${scriptJson(preloaded)}</script>`
    : '';
  return deferEntryScript(template)
    .replace('</head>', () => `${page.styles}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${data}`);
}

const visitorOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });

/** The kept page a page route is answering with, for its onSend hook. */
const KEPT = Symbol('keptPage');
type WithKept = FastifyRequest & { [KEPT]?: CachedPage };

/** A kept page's answer as Fastify sent it, for one origin, URL and encoding. */
interface SentPage {
  kept: CachedPage;
  wire: WireAnswer;
}
const sentPageKey = (request: IncomingMessage, encoding: PageEncoding | null) => `${requestKey(request)}\n${encoding ?? ''}`;

/** Blog HTML gets the browser's second sanitizing pass (safeHtml) here, where there is no DOM. */
function sanitizeBlogs(answer: unknown): unknown {
  if (!Array.isArray(answer)) return answer;
  return answer.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || typeof (item as { content?: unknown }).content !== 'string') return item;
    return { ...item, content: sanitizeBlogHtml((item as { content: string }).content) };
  });
}

/**
 * Server-rendered public pages: the shell's layout and the page's remote, rendered from their server
 * containers (loaded at run time from the URLs in remotes.json), with the api answers they were made
 * from, cached until content changes. Any failure or a slow render leaves the page to the browser.
 */
export const ssrPlugin = fp<SsrOptions>(
  async (app: FastifyInstance, { config, store, timeoutMs = 1000, loadTimeoutMs = 10_000, cacheSize = 500, logServed }) => {
    const shellDist = path.join(config.WEB_ROOT, 'shell', 'dist');
    const mediaType = mediaTypeResolver(store);
    const localOrigin = localOriginOf(config.WEB_ROOT);
    const cache = new Map<string, CachedPage>();
    // Each is served only while its page is still the one kept (checked on every visit).
    const sent = new Map<string, SentPage>();
    const forgetAll = () => {
      cache.clear();
      sent.clear();
    };
    let generation = 0;
    app.publicCache.onInvalidate((tags) => {
      generation += 1;
      if (tags.includes('*')) return forgetAll();
      for (const [url, page] of cache) if (page.tags.some((tag) => tags.includes(tag))) cache.delete(url);
      for (const [key, { kept }] of sent) if (cache.get(kept.key) !== kept) sent.delete(key);
    });
    const clientIp = rawClientIp(config.TRUST_PROXY);
    // Counted at once: only the first visit of a day waits for the day's key.
    const countVisit = (blogId: string, visitor: { ip: string; userAgent: string }) =>
      app.blogs.countView(blogId, visitor)?.catch((error: unknown) => app.log.warn({ err: error }, 'a blog view was not counted'));

    let federation: ServerFederation | null = null;
    let deployment: { key: string; shell: Promise<ShellServerModule>; load: (id: string) => Promise<unknown> } | null = null;
    const template = { html: '', mtimeMs: -1 };

    /** The local file's modification time, to pick up a build replaced at the same URL. */
    const versionOf = async (entry: string): Promise<string> => {
      const url = new URL(entry);
      if (url.origin !== localOrigin) return entry;
      const local = localFile(config.WEB_ROOT, url);
      if (!local) throw new Error(`${entry} is outside the web root`);
      return `${entry}?v=${(await stat(local)).mtimeMs}`;
    };

    /** Reads remotes.json and the shell's files; (re)registers what changed since the last render. */
    const remotesPath = path.join(shellDist, 'remotes.json');
    let lastCheck = { at: 0 };

    const checkDue = () => !deployment || Date.now() - lastCheck.at >= CHECK_EVERY_MS;

    /**
     * The current deployment: remotes.json and the files it names are looked at again at most every
     * half second, so a redeploy is rendered within that time without a file check per request.
     */
    let checking: Promise<void> | undefined;
    const currentShell = async (): Promise<{ shell: ShellServerModule; html: string; load: (id: string) => Promise<unknown> }> => {
      // One look at a time: the requests that arrive while it reads the files wait for that same
      // look instead of each queueing its own file reads (hundreds at a busy moment).
      if (checkDue()) {
        await (checking ??= checkDeployment()
          .then(() => {
            lastCheck = { at: Date.now() };
          })
          .finally(() => {
            checking = undefined;
          }));
      }
      if (!deployment) throw new Error('No deployment to render with');
      return { shell: await deployment.shell, html: template.html, load: deployment.load };
    };

    const checkDeployment = async (): Promise<void> => {
      const indexPath = path.join(shellDist, 'index.html');
      const { mtimeMs } = await stat(indexPath);
      if (template.mtimeMs !== mtimeMs) Object.assign(template, { html: await readFile(indexPath, 'utf8'), mtimeMs });
      const remotes = JSON.parse(await readFile(remotesPath, 'utf8')) as Record<string, unknown>;
      const wanted: Record<string, string> = { shell: await versionOf(`${localOrigin}/server/remoteEntry.js`) };
      for (const name of RENDERED_REMOTES) {
        const entry = remotes[name];
        if (typeof entry !== 'string' || !entry) throw new Error(`remotes.json names no entry for ${name}`);
        wanted[name] = await versionOf(serverEntryOf(entry, localOrigin));
      }
      const key = JSON.stringify(wanted);
      if (deployment?.key !== key) {
        federation ??= createServerFederation();
        const changed = federation.update(wanted);
        app.log.info({ changed }, 'server containers registered');
        const loaded = federation;
        const shell = loaded.load<ShellServerModule>('shell/ServerApp').then((mod) => {
          mod.setRemoteLoader((id) => loaded.load(id));
          return mod;
        });
        deployment = { key, shell, load: (id) => loaded.load(id) };
        // Fetch every page's code now rather than on each page's first visit.
        for (const id of RENDERED_MODULES) loaded.load(id).catch((error: unknown) => app.log.warn({ err: error, id }, 'server container module did not load'));
        // A deployment that fails to load is tried again on the next request.
        shell.catch(() => {
          if (deployment?.shell === shell) deployment = null;
        });
        // Every page may now look different.
        forgetAll();
      }
    };

    const withBudget = <T>(work: Promise<T>, ms: number, what: string): Promise<T> => {
      let timer: NodeJS.Timeout | undefined;
      return Promise.race([
        work,
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
        }),
      ]).finally(() => clearTimeout(timer));
    };

    /** The answers the page is made from, read through the api's own routes (and their cache). */
    const readAnswers = async (pathname: string, request: FastifyRequest): Promise<PreloadedData | null> => {
      const route = renderedRoute(pathname);
      if (!route) return null;
      const answers: Record<string, unknown> = {};
      const read = async (keys: string[]) => {
        await Promise.all(
          keys.map(async (key) => {
            if (route.blogSlug !== undefined && key.startsWith('/blogs/search?field=slug')) {
              // A visit counts a view, as the browser's own read would have.
              const found = await app.blogs.search('slug', route.blogSlug, false, visitorOf(request));
              // The same answer as GET /api/blogs/search (with its media's kind).
              answers[key] = sanitizeBlogs(JSON.parse(JSON.stringify(await withMediaTypes(found, mediaType))));
              return;
            }
            const response = await app.inject({ method: 'GET', url: `/api${key}` });
            if (response.statusCode !== 200) throw new Error(`GET /api${key} answered ${response.statusCode}`);
            answers[key] = key.startsWith('/blogs/') ? sanitizeBlogs(response.json()) : response.json();
          }),
        );
      };
      await read(route.reads);
      if (route.then) await read(route.then(answers));
      return answers;
    };

    // The first visitors find the containers loaded.
    app.addHook('onReady', async () => {
      currentShell().catch((error: unknown) => app.log.warn({ err: error }, 'server rendering is off until the front ends are built'));
    });

    app.decorate('ssr', {
      get cached() {
        return cache.size;
      },
      async html(url, request) {
        return (await this.page(url, request))?.html ?? null;
      },
      async page(url, request) {
        const [pathname = '/', search = ''] = url.split('?');
        const route = renderedRoute(pathname);
        if (!route) return null;
        const cacheKey = `${publicOrigin(config, request)}${url}`;
        const started = performance.now();
        try {
          // A redeploy forgets the kept pages (the timer only when the deployment is looked at).
          const current = checkDue() ? await withBudget(currentShell(), loadTimeoutMs, 'loading the server containers') : await currentShell();
          const hit = cache.get(cacheKey);
          if (hit) {
            // The page is kept, the visit is still counted (in memory, without a read).
            if (hit.blogId) await app.blogs.countView(hit.blogId, visitorOf(request));
            (request as WithKept)[KEPT] = hit;
            return hit.page;
          }
          const startedGeneration = generation;
          const { shell, html: shellHtml, load } = current;
          const preloaded = await readAnswers(pathname, request);
          await withBudget(load(route.module), loadTimeoutMs, `loading ${route.module}`);
          const rendering = performance.now();
          const template = (await app.pageHead.html(pathname, request)) ?? shellHtml;
          const page = await renderPage(shell, search ? `${pathname}?${search}` : pathname, preloaded ?? {}, timeoutMs);
          const rendered = new RenderedHtml(composeHtml(template, page, preloaded ?? {}));
          // Made while content changed: serve it, do not keep it.
          if (startedGeneration === generation) {
            if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
            const [blog] = route.blogSlug !== undefined ? ((preloaded?.[route.reads[0]!] as { id?: string }[] | undefined) ?? []) : [];
            const kept: CachedPage = { key: cacheKey, page: rendered, tags: route.tags, ...(blog?.id ? { blogId: blog.id } : {}) };
            cache.set(cacheKey, kept);
            (request as WithKept)[KEPT] = kept;
          }
          request.log.debug({ url, ms: Math.round(performance.now() - started), renderMs: Math.round(performance.now() - rendering) }, 'page rendered on the server');
          return rendered;
        } catch (error) {
          request.log.warn({ err: error, url, ms: Math.round(performance.now() - started) }, 'server render failed: the browser renders the page');
          return null;
        }
      },

      async keepSent(request, reply, payload) {
        const kept = (request as WithKept)[KEPT];
        if (!kept || request.method !== 'GET' || reply.statusCode !== 200 || !Buffer.isBuffer(payload) || cache.get(kept.key) !== kept) return payload;
        const encoding = reply.getHeader('content-encoding');
        const key = sentPageKey(request.raw, encoding === 'br' || encoding === 'gzip' ? encoding : null);
        sent.delete(key);
        // Three encodings of each kept page at most; the oldest goes first.
        if (sent.size >= cacheSize * 3) sent.delete(sent.keys().next().value!);
        sent.set(key, { kept, wire: wireAnswer(reply, payload) });
        return payload;
      },

      // Fastify's routing, hooks and the page handler cost more than the page's own bytes do
      // (decision 027). The deployment is looked at as often as on Fastify's path: when a look is
      // due, the visit goes through Fastify, which looks.
      serveKept(request, response) {
        if (sent.size === 0 || request.method !== 'GET') return false;
        const { headers } = request;
        if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined || !app.server.listening || checkDue()) return false;
        const found = sent.get(sentPageKey(request, pageEncoding(headers['accept-encoding'])));
        if (!found || cache.get(found.kept.key) !== found.kept) return false;
        const startedAt = performance.now();
        if (found.kept.blogId) void countVisit(found.kept.blogId, { ip: clientIp(request), userAgent: headers['user-agent'] ?? '' });
        response.writeHead(200, found.wire.ok).end(found.wire.body);
        logServed?.(request, response.statusCode, startedAt);
        return true;
      },
    } satisfies SsrService);
  },
  { name: 'ssr', dependencies: ['database', 'blogs', 'public-cache', 'page-head'] },
);
