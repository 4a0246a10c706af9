import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { browserScript } from '../lib/browser-scripts';

const originOf = (url: string | undefined): string[] => (url ? [new URL(url).origin] : []);

/** Origins of remotes deployed elsewhere: the absolute URLs of a remote list. */
export function originsOf(remotes: Record<string, unknown>): string[] {
  const origins = Object.values(remotes).flatMap((value) => {
    if (typeof value !== 'string' || !/^https?:\/\//.test(value)) return [];
    // A malformed entry allows nothing: it never breaks the policy of the others.
    const origin = URL.canParse(value) ? new URL(value).origin : '';
    return /^https?:\/\/[A-Za-z0-9.-]+(:\d+)?$/.test(origin) ? [origin] : [];
  });
  return [...new Set(origins)];
}

/** Origins of remotes deployed elsewhere in the shell's own build's remotes.json. */
export function remoteOrigins(webRoot: string): string[] {
  try {
    return originsOf(JSON.parse(readFileSync(path.join(webRoot, 'shell', 'dist', 'remotes.json'), 'utf8')) as Record<string, unknown>);
  } catch {
    return [];
  }
}

/**
 * Stands for the live remotes' origins in the page policy helmet builds once; each change of the
 * live list puts its origins in its place (a string replace, not helmet again per change).
 */
const LIVE_REMOTES = 'https://live-remotes.invalid';
const CSP = 'content-security-policy';

declare module 'fastify' {
  interface FastifyReply {
    /** An HTML page answered under /api/ (links from e-mails): the site's page headers, not the api's. */
    documentHeaders(): FastifyReply;
  }
}

/**
 * What an api answer (JSON, a feed) needs: nothing in it may load or run, be framed or be sniffed
 * into another type. The page policy below describes documents; sent with every api answer it was
 * most of the answer's bytes (OWASP's REST cheat sheet: these headers for api responses).
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-site',
};

/** CSP and the other security headers, loosened only for the providers that are configured. */
export const securityHeadersPlugin = fp(
  async (app) => {
    const { config } = app;
    const https = config.PUBLIC_URL?.startsWith('https:') ?? false;
    const razorpay = config.RAZORPAY_KEY_ID ? ['https://checkout.razorpay.com'] : [];
    const razorpayFrames = config.RAZORPAY_KEY_ID ? ['https://api.razorpay.com', 'https://checkout.razorpay.com'] : [];
    const widget = originOf(config.AI_WIDGET_SCRIPT_URL);
    // What an external voice agent fetches or streams from (its api, websocket, audio).
    const widgetConnect = config.AI_WIDGET_CONNECT_ORIGINS;
    const widgetMedia = widgetConnect.filter((origin) => origin.startsWith('https:'));
    // The inline scripts of a server-rendered page, allowed by the hashes the build worked out.
    const deferredEntry = browserScript('deferred-entry').csp;
    const earlyPresses = browserScript('early-presses').csp;
    // Releases published to another origin (pnpm release, RELEASES_BASE_URL) load from there; the
    // live remote list (a shell release's remotes.json may name other origins) follows the deployment.
    const published = originOf(config.RELEASES_BASE_URL);
    const remotes = [LIVE_REMOTES, ...published];
    const headers = await helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The inline scripts of a server-rendered page: its entry's loader and the early-press recorder.
          scriptSrc: ["'self'", deferredEntry, earlyPresses, ...remotes, ...razorpay, ...widget],
          // styled-components injects its rules at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:', ...widgetMedia],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...remotes, ...widget, ...widgetConnect, ...razorpay],
          frameSrc: ["'self'", ...razorpayFrames, ...widget],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          baseUri: ["'none'"],
          objectSrc: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
      crossOriginResourcePolicy: { policy: 'same-site' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    const apiHeaders = { ...API_HEADERS, ...(headers['strict-transport-security'] ? { 'strict-transport-security': headers['strict-transport-security'] } : {}) };
    const pageHeadersFor = (origins: string[]): Record<string, string> => {
      const added = origins.filter((origin) => !published.includes(origin)).map((origin) => ` ${origin}`);
      return { ...headers, [CSP]: headers[CSP]!.replaceAll(` ${LIVE_REMOTES}`, added.join('')) };
    };
    // Until the deployment is first looked at: the shell's own build's remote list.
    let pageHeaders = pageHeadersFor(remoteOrigins(config.WEB_ROOT));
    app.addHook('onReady', async () => {
      if (!app.hasDecorator('deployment')) return;
      app.deployment.onChange((deployment) => {
        // An unreadable list (read while a deploy rewrites it) keeps the origins pages already use.
        if (Object.keys(deployment.remotes).length > 0) pageHeaders = pageHeadersFor(originsOf(deployment.remotes));
      });
    });
    // Headers on every answer (404s and errors too); a route may override one (media).
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
      done();
    });
    // A page whose own look at the deployment found the live list changed, after its headers were
    // set, is sent with the new list's policy: it loads that list's remotes. Only the page policy
    // is replaced (it alone allows the deferred entry), never a route's own (media).
    app.addHook('onSend', (_request, reply, payload, done) => {
      const csp = reply.getHeader(CSP);
      if (typeof csp === 'string' && csp !== pageHeaders[CSP] && csp.includes(deferredEntry)) reply.header(CSP, pageHeaders[CSP]);
      done(null, payload);
    });
    app.decorateReply('documentHeaders', function documentHeaders(this: FastifyReply) {
      return this.headers(pageHeaders);
    });
  },
  { name: 'security-headers' },
);

/**
 * The headers helmet sets for these options. They depend on the configuration alone, so they are
 * worked out once here: helmet's own hook builds them again (CSP parsing included) on every request.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, { ...options, global: true });
    probe.get('/', async () => '');
    const { headers } = await probe.inject({ method: 'GET', url: '/' });
    const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
    return Object.fromEntries(Object.entries(headers).filter(([name]) => !own.has(name.toLowerCase())).map(([name, value]) => [name, String(value)]));
  } finally {
    await probe.close();
  }
}
