import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { NotFoundKind, OwnHead } from '@site/shared/site-config';
import { FORM_OUTCOME_KEY } from '@site/shared/contracts/form-outcome';
import { hasFormOutcome, readFormOutcome } from '../../lib/form-posts';
import { isPublicHost, publicOrigin } from '../../lib/origin';
import { TaggedCache } from '../../lib/tagged-cache';
import type { Deployment } from './deployment';
import type { Side } from '../releases/sides';
import { createServerFederation, type ServerFederation } from './federation';
import { composeHtml, RenderedHtml, sendPage } from './html';
import { ownHeadOf } from './own-head';
import { NOT_FOUND_ROUTE, RENDERED_MODULES, SHELL_PAGES, isUnknownPage, matchPage, renderedRoute, type RenderedRoute } from './pages';
import { readAnswers } from './preload';
import { releaseOf, renderHealth } from './render-health';
import { renderPage, type ShellServerModule } from './render';

/** The first retry of containers that failed to load, doubled up to the last. */
const RETRY_FIRST_MS = 1_000;
const RETRY_LAST_MS = 30_000;

/** A render slower than this is abandoned (and a release whose pages render slower is refused). */
export const RENDER_BUDGET_MS = 1000;
/** How long a page left to the browser waits for its module's head (see ownHead). */
const OWN_HEAD_BUDGET_MS = 1000;

export interface SsrOptions {
  /** A render slower than this is abandoned and the page is left to the browser. */
  timeoutMs?: number;
  /** Loading a (re)deployed container's code, before the render's own budget starts. */
  loadTimeoutMs?: number;
  /** Rendered pages kept (per origin and path). */
  cacheSize?: number;
  /** The most bytes the kept pages take together, their compressed forms included. */
  cacheBytes?: number;
}

export interface SsrService {
  /**
   * The page rendered on the server (kept, or rendered now), or null: serve the shell for the
   * browser to render. The side of a trial the request is on picks the front ends (its cookie set on `reply`).
   */
  page(request: FastifyRequest, reply: FastifyReply): Promise<RenderedHtml | null>;
  /**
   * The fixed head a rendered page's module declares (its remote's texts, from the live release), for
   * a page left to the browser; null when it declares none or its module does not load.
   */
  ownHead(pathname: string): Promise<OwnHead | null>;
  /** The page routes' `onRequest` hook: answers a visit of a kept page (ETag, 304) before routing goes on. */
  answerKept: onRequestHookHandler;
  /**
   * True when this instance's containers failed to load while another instance renders the same
   * release: it answers not-ready and 503 to page visits, so the proxy sends them elsewhere.
   */
  stepAside(): Promise<boolean>;
  /** Rendered pages kept in memory. */
  readonly cached: number;
  /** The bytes they take (HTML and compressed forms). */
  readonly cachedBytes: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ssr: SsrService;
  }
}

/** The containers of one deployment, registered with the federation runtime. */
interface Containers {
  key: string;
  shell: Promise<ShellServerModule>;
  load: (id: string) => Promise<unknown>;
}

const withBudget = <T>(work: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
};

/**
 * Server-rendered public pages: the shell's layout and the page's remote, rendered from their server
 * containers (loaded at run time from the URLs in remotes.json, `app.deployment`), with the api
 * answers they were made from, kept until content changes or the front ends are redeployed. Any
 * failure or a slow render leaves the page to the browser.
 */
export const ssrPlugin = fp<SsrOptions>(
  async (app: FastifyInstance, { timeoutMs = RENDER_BUDGET_MS, loadTimeoutMs = 10_000, cacheSize = 500, cacheBytes = 64 * 1024 * 1024 }) => {
    const { config } = app;
    const pages = new TaggedCache<RenderedHtml>(cacheSize, { maxBytes: cacheBytes, sizeOf: (page) => page.size });
    app.publicCache.onInvalidate((tags) => pages.invalidate(tags));
    // Every page may look different after a redeploy; pages rendered meanwhile are not kept either.
    app.deployment.onChange(() => pages.invalidate(['*']));

    /**
     * The containers of each side of a trial (decision 058): the live ones, and while a trial runs
     * the candidate's, each in a federation instance of its own (a remote's name names another
     * build on each side).
     */
    interface Slot {
      federation: ServerFederation | null;
      containers: Containers | null;
      retryIn: number;
      retry: NodeJS.Timeout | undefined;
    }
    const slots: Record<Side, Slot> = {
      live: { federation: null, containers: null, retryIn: RETRY_FIRST_MS, retry: undefined },
      candidate: { federation: null, containers: null, retryIn: RETRY_FIRST_MS, retry: undefined },
    };
    const health = renderHealth(app);
    app.addHook('onClose', async () => {
      clearTimeout(slots.live.retry);
      clearTimeout(slots.candidate.retry);
    });

    /** The deployment a side renders: the candidate's while a trial runs. */
    const sideOf = (deployment: Deployment, side: Side): Deployment => (side === 'candidate' && deployment.candidate ? deployment.candidate : deployment);

    /**
     * Containers that failed to load are loaded again, by a federation instance of their own (the
     * failed one keeps its failed entries), without waiting for a visitor.
     */
    const retryLater = (side: Side, registered: Containers) => {
      const slot = slots[side];
      if (slot.containers !== registered) return;
      slot.containers = null;
      slot.federation = null;
      clearTimeout(slot.retry);
      slot.retry = setTimeout(() => {
        app.deployment
          .current()
          .then((deployment) => (side === 'live' || deployment.candidate ? containersOf(sideOf(deployment, side), side) : null))
          .catch((error: unknown) => app.log.warn({ err: error, side }, 'server containers not registered again'));
      }, slot.retryIn).unref();
      slot.retryIn = Math.min(slot.retryIn * 2, RETRY_LAST_MS);
    };

    /** The deployment's containers, registered when it changed since the last render. */
    const containersOf = (deployment: Deployment, side: Side = 'live'): Containers => {
      if (deployment.containers instanceof Error) throw deployment.containers;
      const slot = slots[side];
      if (slot.containers?.key === deployment.key) return slot.containers;
      slot.federation ??= createServerFederation();
      const changed = slot.federation.update(deployment.containers);
      app.log.info({ changed, side }, 'server containers registered');
      const loaded = slot.federation;
      const shell = loaded.load<ShellServerModule>('shell/ServerApp');
      const registered: Containers = { key: deployment.key, shell, load: (id) => loaded.load(id) };
      slot.containers = registered;
      const release = releaseOf(deployment.containers);
      // Fetch every page's code now rather than on each page's first visit.
      const modules = RENDERED_MODULES.map((id) =>
        loaded.load(id).catch((error: unknown) => {
          app.log.warn({ err: error, id, side }, 'server container module did not load');
          throw error;
        }),
      );
      Promise.all([shell, ...modules]).then(
        () => {
          slot.retryIn = RETRY_FIRST_MS;
          // Only the live side says whether this instance can serve the site.
          if (side === 'live') void health.record(release, true);
        },
        (error: unknown) => {
          app.log.error({ err: error, retryInMs: slot.retryIn, side }, 'server containers failed to load: loading them again');
          if (side === 'live') void health.record(release, false);
          retryLater(side, registered);
        },
      );
      return registered;
    };

    // No rendered page reads its query string on the server (the route table declares none): a
    // page is rendered and kept without it, so `?utm_source=…` or `?x=1` share the page's entry
    // instead of each costing a render and pushing a page out (decision 014).
    const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0] || '/';
    /** The shell's own page reads its query in the browser: with one, the browser renders it. */
    const browserReadsQuery = (request: FastifyRequest) => request.url.includes('?') && SHELL_PAGES.includes(pathOf(request));
    // Pages are kept per side of a trial: a visitor on the live side never gets the candidate's page.
    const keyOf = (request: FastifyRequest, side: Side) => `${publicOrigin(config, request)}${pathOf(request)}${side === 'candidate' ? ' candidate' : ''}`;
    // Every unknown path shows the same not-found page: one entry for all of them.
    const notFoundKeyOf = (request: FastifyRequest, side: Side) => `${publicOrigin(config, request)} not-found${side === 'candidate' ? ' candidate' : ''}`;

    /** What the page misses, from the answers it was made from: nothing (null), or a 404 of this kind. */
    const missingOf = (route: RenderedRoute, preloaded: Record<string, unknown>): NotFoundKind | null => {
      if (route === NOT_FOUND_ROUTE) return 'page';
      if (!route.subject) return null;
      const found = preloaded[route.subject.key];
      return Array.isArray(found) && found.length === 0 ? route.subject.kind : null;
    };

    // The first visitors find the containers loaded.
    app.addHook('onReady', async () => {
      app.deployment
        .current()
        .then(containersOf)
        .catch((error: unknown) => app.log.warn({ err: error }, 'server rendering is off until the front ends are built'));
    });

    const service: SsrService = {
      stepAside: () => health.stepAside(),

      get cached() {
        return pages.size;
      },

      get cachedBytes() {
        return pages.bytes;
      },

      async ownHead(pathname) {
        const page = matchPage(pathname);
        if (!page?.rendered) return null;
        try {
          // The page was left to the browser, perhaps because this very module would not load in
          // time: waiting for it again at the full budget would double the visitor's wait.
          const deployment = await withBudget(app.deployment.current(), OWN_HEAD_BUDGET_MS, 'loading the deployment');
          const loaded = await withBudget(containersOf(deployment).load(page.module), OWN_HEAD_BUDGET_MS, `loading ${page.module}`);
          return ownHeadOf(loaded, page.props);
        } catch (error) {
          app.log.warn({ err: error, module: page.module }, "a page module's head could not be read: the page gets the site's default head");
          return null;
        }
      },

      answerKept(request, reply, done) {
        // When the deployment is due a look, the page handler looks (a redeploy forgets the pages).
        // A visitor back from a form post sees the outcome: their page is rendered for them.
        const deployment = app.deployment.fresh;
        if (!deployment || !isPublicHost(config, request) || hasFormOutcome(request) || browserReadsQuery(request)) return done();
        // An admin's preview is checked against their account by the page handler.
        const side = app.releases.sideNow(request, reply, deployment.trial);
        const page = side ? pages.get(keyOf(request, side.side)) : undefined;
        if (!page) return done();
        app.metrics.cacheHit('pages');
        sendPage(request, reply, page);
      },

      async page(request, reply) {
        const pathname = pathOf(request);
        const route = renderedRoute(pathname) ?? (isUnknownPage(pathname) ? NOT_FOUND_ROUTE : null);
        if (!route || browserReadsQuery(request)) return null;
        // Another host than PUBLIC_URL's: the browser renders the page; nothing is rendered or kept for it.
        if (!isPublicHost(config, request)) {
          app.metrics.serverRenderFallback('other_host');
          return null;
        }
        const started = performance.now();
        try {
          // The time budget only when the deployment is looked at (a redeploy loads new containers).
          const current = app.deployment.due ? await withBudget(app.deployment.current(), loadTimeoutMs, 'loading the deployment') : await app.deployment.current();
          const { side, preview } = await app.releases.sideOf(request, reply, current.trial);
          // An admin's preview is theirs alone, kept or not: never held by a shared cache.
          if (preview) reply.header('Cache-Control', 'private, no-cache');
          const deployment = sideOf(current, side);
          const key = route === NOT_FOUND_ROUTE ? notFoundKeyOf(request, side) : keyOf(request, side);
          const outcome = readFormOutcome(request);
          const hit = outcome ? undefined : pages.get(key);
          if (hit) {
            app.metrics.cacheHit('pages');
            return hit;
          }
          app.metrics.cacheMiss('pages');
          const since = pages.version(route.tags);
          const { shell, load } = containersOf(deployment, deployment === current ? 'live' : 'candidate');
          const preloaded = await readAnswers(app, route);
          if (outcome) preloaded[FORM_OUTCOME_KEY] = outcome;
          const loaded = route.module ? await withBudget(load(route.module), loadTimeoutMs, `loading ${route.module}`) : null;
          await withBudget(shell, loadTimeoutMs, 'loading the shell');
          const rendering = performance.now();
          const missing = missingOf(route, preloaded);
          const own = route.module ? ownHeadOf(loaded, matchPage(pathname)?.props ?? {}) : null;
          const head = missing ? await app.pageHead.notFound(missing, request, deployment.template) : await app.pageHead.html(pathname, request, own, deployment.template);
          const template = head ?? deployment.template;
          const page = await renderPage(await shell, pathname, preloaded, load, timeoutMs);
          const module = route.module ? await app.deployment.filesOf(deployment, route.module) : null;
          const rendered = new RenderedHtml(composeHtml(template, page, preloaded, { remotes: deployment.remotes, module, path: pathname }), missing ? 404 : 200, outcome !== null);
          app.metrics.serverRender();
          // Made while content changed or the front ends were redeployed: serve it, do not keep it.
          // Its compressed forms, made on first demand, count towards the byte bound too.
          // A personal page (a form's outcome in it) is not kept either.
          if (!outcome && pages.set(key, rendered, route.tags, since)) rendered.onResize = () => pages.resized(key, rendered);
          request.log.debug({ url: request.url, ms: Math.round(performance.now() - started), renderMs: Math.round(performance.now() - rendering) }, 'page rendered on the server');
          return rendered;
        } catch (error) {
          request.log.warn({ err: error, url: request.url, ms: Math.round(performance.now() - started) }, 'server render failed: the browser renders the page');
          app.metrics.serverRenderFallback('render_failed');
          return null;
        }
      },
    };
    app.decorate('ssr', service);
  },
  { name: 'ssr', dependencies: ['public-cache', 'page-head', 'deployment', 'metrics'] },
);
