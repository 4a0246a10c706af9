import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_DIRS as REMOTES } from '@site/shared/remotes';
import { clearFormOutcome } from '../lib/form-posts';
import { sendNotFound } from '../lib/not-found';
import { PAGE_ROUTES, isUnknownPage } from '../modules/ssr/pages';
import { sendPage } from '../modules/ssr/html';
import { RELEASABLE, VERSION } from '../modules/releases/store';

// Names that must always be revalidated: entry points whose URL never changes between deploys.
const NO_CACHE = /(^|\/)(index\.html|remoteEntry\.js|mf-manifest\.json|remotes\.json)$/;
// Rspack output names carry a 10-character content hash.
const HASHED = /\.[0-9a-f]{10}\.(js|css|png|jpe?g|svg|webp|avif|woff2?)$/;

function setCacheHeaders(reply: FastifyReply, servedPath: string): void {
  const filePath = servedPath.replace(/\.(br|gz)$/, '');
  if (NO_CACHE.test(filePath)) reply.header('Cache-Control', 'no-cache');
  else if (HASHED.test(filePath)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  else reply.header('Cache-Control', 'public, max-age=3600');
}

export interface StaticSiteOptions {
  webRoot: string;
  /** Each remote's releases (releases module); the pointers in it are not served. */
  releasesDir: string;
}

/** `/<remote>/<version>/<file>` inside the releases folder. */
const isReleaseFile = (pathName: string) => {
  const [, remote, version, ...rest] = pathName.split('/');
  return RELEASABLE.includes(remote ?? '') && VERSION.test(version ?? '') && rest.length > 0 && !pathName.endsWith('.html');
};

/**
 * Serves the built shell at `/` (deep links get its index.html) and each remote under
 * `/remotes/<name>/`, pre-compressed (brotli or gzip) when the browser accepts it.
 */
export const staticSitePlugin = fp<StaticSiteOptions>(
  async (app, { webRoot, releasesDir }) => {
    const shellDist = path.join(webRoot, 'shell', 'dist');
    const hasShell = existsSync(path.join(shellDist, 'index.html'));
    if (!hasShell) app.log.warn({ shellDist }, 'the shell is not built: only the api is served');

    if (hasShell) {
      await app.register(fastifyStatic, {
        root: shellDist,
        prefix: '/',
        preCompressed: true,
        // `/` goes to the page handler below, which renders it on the server.
        index: false,
        wildcard: true,
        cacheControl: false,
        setHeaders: setCacheHeaders,
      });
    }
    for (const remote of REMOTES) {
      const dist = path.join(webRoot, remote, 'dist');
      if (!existsSync(dist)) {
        app.log.warn({ remote }, 'remote not built');
        continue;
      }
      await app.register(fastifyStatic, {
        root: dist,
        prefix: `/remotes/${remote}/`,
        preCompressed: true,
        decorateReply: !hasShell && remote === REMOTES[0],
        index: false,
        cacheControl: false,
        setHeaders: setCacheHeaders,
        allowedPath: (pathName) => !pathName.endsWith('.html'),
      });
    }

    // A release never changes once made: every file of it is kept by browsers and caches for good,
    // and stays served while the release is kept, so a page opened on it keeps loading its chunks.
    mkdirSync(releasesDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: releasesDir,
      prefix: '/releases/',
      preCompressed: true,
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply: FastifyReply) => reply.header('Cache-Control', 'public, max-age=31536000, immutable'),
      allowedPath: isReleaseFile,
    });
    if (hasShell) {
      // remotes.json as deployed, with each remote's live release: what a page loaded now composes.
      // A trial's candidate side (an admin's preview, a canary's share) gets the candidate's list, so
      // the browser loads what the server rendered for it.
      app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
        const trial = await app.releases.trial();
        const { side, preview } = await app.releases.sideOf(request, reply, trial);
        const pointers = side === 'candidate' && trial ? app.releases.candidatePointers(trial) : undefined;
        reply.header('Cache-Control', preview ? 'private, no-cache' : 'no-cache');
        if (trial) reply.header('Vary', 'Cookie');
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(await app.releases.remotes(undefined, pointers)));
      });
    }

    // The live shell's index.html (its release's, once it has one), as the deployment read it; the
    // candidate's to a visitor on a trial's candidate side.
    const templateOf = async (reply: FastifyReply, request?: FastifyRequest) => {
      const deployment = await app.deployment.current();
      const side = request && deployment.candidate ? (await app.releases.sideOf(request, reply, deployment.trial)).side : 'live';
      return side === 'candidate' && deployment.candidate ? deployment.candidate.template : deployment.template;
    };
    const sendShell = async (reply: FastifyReply, request?: FastifyRequest) => reply.type('text/html; charset=utf-8').send(await templateOf(reply, request));

    const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !url.startsWith('/api/') &&
        url !== '/api' &&
        !url.startsWith('/remotes/') &&
        !path.extname(url);
      if (!isPage || !hasShell) return sendNotFound(request, reply);
      // One URL per page: `/community/` moves to `/community` (leading slashes collapsed, so
      // `//host/` cannot become a link to another site).
      if (url.length > 1 && url.endsWith('/')) {
        const canonical = `/${url.replace(/^\/+|\/+$/g, '')}`;
        return reply.redirect(`${canonical}${request.url.slice(url.length)}`, 301);
      }
      // This instance's containers failed to load while another renders them: the proxy retries a
      // 503 on another instance; the shell comes with it, for the browser to render if none can.
      if (app.hasDecorator('ssr') && (await app.ssr.stepAside())) {
        reply.code(503).header('Retry-After', '5').header('Cache-Control', 'no-store');
        return sendShell(reply);
      }
      // Public pages are rendered on the server (ssr module); null leaves the page to the browser.
      const rendered = app.hasDecorator('ssr') ? await app.ssr.page(request, reply) : null;
      if (rendered?.personal) clearFormOutcome(request, reply, app.config);
      if (rendered) return sendPage(request, reply, rendered);
      reply.header('Cache-Control', 'no-cache');
      // A path that is no page answers 404 even when the browser renders its not-found page.
      const template = await templateOf(reply, request);
      if (isUnknownPage(url)) {
        const notFound = app.hasDecorator('pageHead') ? await app.pageHead.notFound('page', request, template) : null;
        reply.code(404);
        return reply.type('text/html; charset=utf-8').send(notFound ?? template);
      }
      // Content pages get their own title, description and OpenGraph tags (page-head module).
      // A remote's fixed page has the head its live module declares.
      const own = app.hasDecorator('ssr') ? await app.ssr.ownHead(url) : null;
      const withHead = app.hasDecorator('pageHead') ? await app.pageHead.html(url, request, own, template) : null;
      return reply.type('text/html; charset=utf-8').send(withHead ?? template);
    };
    if (hasShell) {
      // The shell's routes, matched before the static files' wildcard: a page visit costs no file
      // lookup (and its pre-compressed variants) before it reaches the page handler.
      // A kept rendered page is answered from its onRequest hook (ssr module).
      const onRequest = app.hasDecorator('ssr') ? app.ssr.answerKept : undefined;
      for (const route of PAGE_ROUTES) app.get(route, { schema: { hide: true }, ...(onRequest ? { onRequest } : {}) }, servePage);
      // Unknown api paths answer at once too, without looking for a file of that name.
      app.get('/api/*', { schema: { hide: true } }, async (request, reply) => sendNotFound(request, reply));
    }
    // The one not-found answer: the shell (and the browser's not-found page) for any other page
    // path, `{ error, message }` for the api, files and other methods.
    app.setNotFoundHandler(servePage);
  },
  { name: 'static-site', dependencies: ['releases', 'deployment'] },
);
