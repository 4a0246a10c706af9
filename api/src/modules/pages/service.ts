import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearFormOutcome } from '../../lib/form-posts';
import { sendNotFound } from '../../lib/not-found';
import { servicePlugin } from '../../lib/service-plugin';
import { ownBuildOf } from '../releases/zero';
import { sendPage } from '../ssr/html';
import { isUnknownPage } from '../ssr/pages';

export interface PagesService {
  /** Whether the shell is built: without it only the api is served. */
  readonly hasShell: boolean;
  /**
   * A visit of a page path: rendered on the server (ssr module), or the shell with the page's own
   * head for the browser to render, 404 for a path that is no page; `{ error, message }` for
   * anything else (the api, files, other methods).
   */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** remotes.json as deployed, with each remote's live release (or the candidate's, on a trial's candidate side). */
  remotes(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

declare module 'fastify' {
  interface FastifyInstance {
    pages: PagesService;
  }
}

/** A page visit: read, not an api path or a remote's file, and no file name. */
const isPageVisit = (request: FastifyRequest, url: string) =>
  (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/remotes/') && !path.extname(url);

const sendHtml = (reply: FastifyReply, html: string) => reply.type('text/html; charset=utf-8').send(html);

/** The site's pages: which paths are pages, and what each visit is answered with. */
export const pagesPlugin = servicePlugin(
  'pages',
  (app) => {
    const hasShell = existsSync(path.join(ownBuildOf(app.config.WEB_ROOT, 'shell'), 'index.html'));
    if (!hasShell) app.log.warn({ webRoot: app.config.WEB_ROOT }, 'the shell is not built: only the api is served');

    // The live shell's index.html (its release's, once it has one), as the deployment read it; the
    // candidate's to a visitor on a trial's candidate side.
    const templateOf = async (reply: FastifyReply, request?: FastifyRequest) => {
      const deployment = await app.deployment.current();
      const side = request && deployment.candidate ? (await app.releases.sideOf(request, reply, deployment.trial)).side : 'live';
      return side === 'candidate' && deployment.candidate ? deployment.candidate.template : deployment.template;
    };

    return {
      hasShell,

      async remotes(request, reply) {
        const trial = await app.releases.trial();
        const { side, preview } = await app.releases.sideOf(request, reply, trial);
        const pointers = side === 'candidate' && trial ? app.releases.candidatePointers(trial) : undefined;
        reply.header('Cache-Control', preview ? 'private, no-cache' : 'no-cache');
        if (trial) reply.header('Vary', 'Cookie');
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(await app.releases.remotes(undefined, pointers)));
      },

      async answer(request, reply) {
        const url = request.url.split('?')[0] ?? '/';
        if (!hasShell || !isPageVisit(request, url)) return sendNotFound(request, reply);
        // One URL per page: `/community/` moves to `/community` (leading slashes collapsed, so
        // `//host/` cannot become a link to another site).
        if (url.length > 1 && url.endsWith('/')) {
          const canonical = `/${url.replace(/^\/+|\/+$/g, '')}`;
          return reply.redirect(`${canonical}${request.url.slice(url.length)}`, 301);
        }
        // This instance's containers failed to load while another renders them: the proxy retries a
        // 503 on another instance; the shell comes with it, for the browser to render if none can.
        if (await app.ssr.stepAside()) {
          reply.code(503).header('Retry-After', '5').header('Cache-Control', 'no-store');
          return sendHtml(reply, await templateOf(reply));
        }
        // Public pages are rendered on the server (ssr module); null leaves the page to the browser.
        const rendered = await app.ssr.page(request, reply);
        if (rendered?.personal) clearFormOutcome(request, reply, app.config);
        if (rendered) return sendPage(request, reply, rendered);
        // Left to the browser, an admin's preview (marked private by the render) stays theirs alone.
        reply.header('Cache-Control', String(reply.getHeader('Cache-Control') ?? '').startsWith('private') ? 'private, no-cache' : 'no-cache');
        const template = await templateOf(reply, request);
        // A path that is no page answers 404 even when the browser renders its not-found page.
        if (isUnknownPage(url)) {
          const notFound = await app.pageHead.notFound('page', request, template);
          return sendHtml(reply.code(404), notFound ?? template);
        }
        // Content pages get their own title, description and OpenGraph tags (page-head module).
        // A remote's fixed page has the head its live module declares.
        const own = await app.ssr.ownHead(url);
        return sendHtml(reply, (await app.pageHead.html(url, request, own, template)) ?? template);
      },
    };
  },
  { dependencies: ['ssr', 'page-head', 'deployment', 'releases'] },
);
