import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { VitalsBeacon, VitalsOverview, VitalsSettings, VITALS_BODY_LIMIT, type VitalsView } from '@site/shared/contracts/vitals';
import { noStore } from '../../lib/no-store';
import { sendError } from '../../plugins/errors';
import type { PageView } from './aggregate';
import { countsOf, p75 } from './histograms';
import { FRONT_ENDS, ROUTE_PATTERNS } from './known';
import { UnknownPageView } from './service';

/** A visitor sends one beacon per page view (more only when views are many and short); an office shares one address. */
export const VITALS_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/** Why a view names something the site does not serve, or null when it is one of its pages. */
function refusalOf(view: VitalsView): string | null {
  if (!ROUTE_PATTERNS.has(view.route)) return `${view.route} is not a route of this site.`;
  for (const remote of Object.keys(view.remotes)) if (!FRONT_ENDS.has(remote)) return `${remote} is not a front end of this site.`;
  for (const remote of Object.keys(view.errors ?? {})) if (!(remote in view.remotes)) return `Errors are put down to ${remote}, which is not on the page.`;
  return null;
}

const pageViewOf = (view: VitalsView): PageView => ({
  route: view.route,
  remotes: view.remotes,
  signals: { lcp: view.lcp, inp: view.inp, ttfb: view.ttfb, cls: view.cls },
  errors: view.errors ?? {},
});

export const vitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  // navigator.sendBeacon sends a string as text/plain (no CORS preflight); its body is JSON.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The body is not JSON.'), { statusCode: 400 }), undefined);
    }
  });

  app.get(
    '/vitals/settings',
    {
      schema: { tags: ['health'], summary: "The share of page views whose visitor signals the browser reports", response: { 200: VitalsSettings } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { sample_rate: app.vitals.sampleRate };
    },
  );

  app.post(
    '/vitals',
    {
      bodyLimit: VITALS_BODY_LIMIT,
      config: { rateLimit: VITALS_RATE_LIMIT },
      schema: {
        tags: ['health'],
        summary: "Visitors' signals (web vitals, client errors) of page views, by route pattern and front end version (a beacon)",
        body: VitalsBeacon,
        response: { 204: z.null(), 400: ApiErrorBody, 413: ApiErrorBody, 415: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request, reply) => {
      for (const view of request.body.views) {
        const refusal = refusalOf(view);
        if (refusal) return sendError(reply, 400, 'unknown_page', refusal);
      }
      try {
        await app.vitals.record(request.body.views.map(pageViewOf));
      } catch (error) {
        if (error instanceof UnknownPageView) return sendError(reply, 400, 'unknown_version', error.message);
        throw error;
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/vitals',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: "Visitors' signals per front end version: visits, error rate, p75 LCP, INP and CLS (admin)",
        response: { 200: VitalsOverview, 401: ApiErrorBody, 403: ApiErrorBody },
      },
    },
    async () => ({
      versions: (await app.vitals.totals(false)).map((row) => ({
        remote: row.remote,
        version: row.version,
        visits: row.visits,
        errors: row.errors,
        error_rate: row.visits > 0 ? row.errors / row.visits : 0,
        lcp_p75: p75('lcp', countsOf(row.counts, 'lcp'), row.lcp_sum),
        inp_p75: p75('inp', countsOf(row.counts, 'inp'), row.inp_sum),
        cls_p75: p75('cls', countsOf(row.counts, 'cls'), row.cls_sum),
      })),
    }),
  );
};
