import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { registerModules, type ApiModule } from './lib/modules';
import { apiDocsPlugin } from './plugins/api-docs';
import { configPlugin } from './plugins/config';
import { databasePlugin } from './plugins/database';
import { answerFrameworkError, answerClientError, errorsPlugin } from './plugins/errors';
import { pressurePlugin } from './plugins/pressure';
import { lifecyclePlugin } from './plugins/lifecycle';
import { connectionsPlugin } from './plugins/connections';
import { storableInputPlugin } from './plugins/storable-input';
import { callerCachePlugin } from './plugins/caller-cache';
import { serializeRequest } from './lib/log-serializers';
import { sendNotFound } from './lib/not-found';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticSitePlugin } from './plugins/static-site';
import { authPlugin } from './plugins/auth';
import { formOutcomeKeyPlugin } from './plugins/form-outcome-key';
import { rateLimitPlugin } from './plugins/rate-limit';
import { mailPlugin, type MailTransport } from './modules/mail/service';
import { jobsPlugin } from './modules/jobs/service';
import { mailQueuePlugin } from './modules/mail/queue';
import { mailAdminRoutes } from './modules/mail/routes';
import { healthRoutes } from './modules/health/routes';
import { refreshTokensPlugin } from './modules/auth/refresh-tokens';
import { usersPlugin } from './modules/users/service';
import { contactsPlugin } from './modules/contacts/service';
import { newslettersPlugin } from './modules/newsletters/service';
import { blogsPlugin } from './modules/blogs/service';
import { eventsPlugin } from './modules/events/service';
import { packagesPlugin } from './modules/packages/service';
import { usersRoutes } from './modules/users/routes';
import { accountDataRoutes } from './modules/account-data/routes';
import { authRoutes } from './modules/auth/routes';
import { blogRoutes } from './modules/blogs/routes';
import { eventRoutes } from './modules/events/routes';
import { packageRoutes } from './modules/packages/routes';
import { mediaApiRoutes, mediaGatewayRoutes } from './modules/media/routes';
import { mediaStorePlugin } from './modules/media/plugin';
import { mediaImagesPlugin } from './modules/media/images';
import { sitemapPlugin } from './modules/sitemap/service';
import { contentSitemapSources } from './modules/sitemap/content-sources';
import { publicCachePlugin } from './modules/public-cache/service';
import { pageHeadPlugin } from './modules/page-head/service';
import { deploymentPlugin } from './modules/ssr/deployment';
import { ssrPlugin } from './modules/ssr/service';
import { contactRoutes } from './modules/contacts/routes';
import { newsletterRoutes } from './modules/newsletters/routes';
import { newsletterSendRoutes } from './modules/newsletters/send-routes';
import { newsletterSendingPlugin } from './modules/newsletters/sending';
import { assistantRoutes, assistantWidgetRoute } from './modules/assistant/routes';
import { auditPlugin } from './modules/audit/service';
import { auditRoutes } from './modules/audit/routes';
import { paymentsPlugin } from './modules/payments/service';
import { paymentRoutes } from './modules/payments/routes';
import { calendarPlugin } from './modules/calendar/service';
import { consultationsPlugin } from './modules/consultations/service';
import { consultationRoutes } from './modules/consultations/routes';
import { ordersPlugin } from './modules/orders/service';
import { orderRoutes } from './modules/orders/routes';
import { availabilityPlugin } from './modules/availability/service';
import { availabilityRoutes } from './modules/availability/routes';
import { fulfilmentPlugin } from './modules/fulfilment/service';
import { fulfilmentRoutes } from './modules/fulfilment/routes';
import { checkoutPlugin } from './modules/checkout/service';
import { checkoutRoutes } from './modules/checkout/routes';
import { paymentWebhookRoutes } from './modules/checkout/webhook-routes';
import { manageBookingRoutes } from './modules/self-service/manage-routes';
import { adminRoutes } from './modules/admin/routes';
import { backupPlugin } from './modules/backup/service';
import { backupRoutes } from './modules/backup/routes';
import { metricsPlugin } from './modules/metrics/service';
import { metricsRoutes } from './modules/metrics/routes';
import { systemRoutes } from './modules/system/routes';
import { releasesPlugin, startingBuildsPlugin } from './modules/releases/service';
import { isReleaseFile } from './modules/releases/store';
import { pagesPlugin } from './modules/pages/service';
import { pageRoutes } from './modules/pages/routes';
import { releaseRoutes } from './modules/releases/routes';
import { vitalsPlugin } from './modules/vitals/service';
import { canaryWatchPlugin } from './modules/vitals/canary-watch';
import { vitalsRoutes } from './modules/vitals/routes';

export interface BuildOptions {
  config: Config;
  /** An open database (tests share one per file); otherwise one is opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  serveWeb?: boolean;
  /** Where mail goes instead of SMTP or the outbox folder (tests read what was sent). */
  mailer?: MailTransport;
}

const REQUEST_COMPLETED = 'request completed';

/** Milliseconds to the hundredth: the access line's length is part of its cost. */
const roundedMs = (ms: number) => Math.round(ms * 100) / 100;

/** One line per answered request, the request with it, instead of Fastify's two (incoming, completed). */
class OneLineRequestLogs extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: roundedMs(reply.elapsedTime) }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: roundedMs(reply.elapsedTime) }, REQUEST_COMPLETED);
  }
}

/**
 * Where log lines go: stdout, written in batches of at least this many bytes or once a second,
 * whichever comes first (decision 025). A write per line (or per few lines) under load cost the
 * reads a quarter of their throughput at LOG_LEVEL=info; what is buffered is written synchronously
 * when the process exits (a signal or an error ends in process.exit, close-with-grace), so only a
 * SIGKILL loses the last second.
 */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 1000;

export async function buildApp({ config, database, logger = true, logStream, serveWeb = true, mailer }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          serializers: { req: serializeRequest },
          stream: logStream ?? pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }),
        }
      : false,
    logController: new OneLineRequestLogs(),
    // Only proxies named by TRUST_PROXY may speak for the client (address, host, protocol).
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Migrations (a first start, a release with a data migration) and the job queue's schema may
    // take far longer than Fastify's 10 s default on a small or busy host: start slowly, not fail.
    pluginTimeout: 300_000,
    // A broken percent-encoding or an over-long path parameter: `{ error, message }`, the path not echoed.
    frameworkErrors: answerFrameworkError,
    // What Node's HTTP parser refuses, in the same shape.
    clientErrorHandler: answerClientError,
    // Shutdown closes connections itself (plugins/connections.ts) so that no request is lost.
    forceCloseConnections: false,
    return503OnClosing: false,
    // Request ids are unguessable and unique across instances and restarts (they appear in 5xx answers).
    genReqId: () => randomUUID(),
    // Node's server timeouts (decision 013): a request's headers and body, an idle keep-alive
    // connection, a connection on which nothing moves; and how often Node checks the first two
    // (every 30 s by default).
    http: { connectionsCheckingInterval: Math.min(1_000, config.REQUEST_TIMEOUT_MS) },
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: config.IDLE_TIMEOUT_MS,
  });

  if (!config.PUBLIC_URL) {
    app.log.warn(`PUBLIC_URL is not set: links in e-mails point to http://localhost:${config.PORT}. Set PUBLIC_URL to the site's public address.`);
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(configPlugin, { config });
  await app.register(lifecyclePlugin);
  await app.register(metricsPlugin);
  // Early: a shed request costs nothing beyond its 503 (no session, no database).
  await app.register(pressurePlugin);
  await app.register(connectionsPlugin);
  await app.register(errorsPlugin);
  await app.register(storableInputPlugin);
  await app.register(callerCachePlugin);
  await app.register(securityHeadersPlugin);
  await app.register(databasePlugin, {
    database:
      database ??
      (await openDatabase(
        config.DATABASE_URL
          ? { kind: 'postgres', url: config.DATABASE_URL, connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS }
          : { kind: 'pglite', dataDir: config.DATA_DIR },
      )),
    closeOnExit: !database,
  });
  await app.register(apiDocsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(formOutcomeKeyPlugin);

  // Every module, registered the same way (lib/modules.ts): services in this order, then routes.
  const modules: ApiModule[] = [
    { name: 'public-cache', services: [publicCachePlugin] },
    { name: 'jobs', services: [jobsPlugin] },
    { name: 'mail', services: [mailPlugin(mailer), mailQueuePlugin], routes: [mailAdminRoutes] },
    { name: 'health', routes: [healthRoutes] },
    { name: 'auth', services: [refreshTokensPlugin], routes: [authRoutes] },
    { name: 'users', services: [usersPlugin], routes: [usersRoutes] },
    { name: 'contacts', services: [contactsPlugin], routes: [contactRoutes] },
    { name: 'newsletters', services: [newslettersPlugin, newsletterSendingPlugin], routes: [newsletterRoutes, newsletterSendRoutes] },
    { name: 'media', services: [mediaStorePlugin, mediaImagesPlugin], routes: [mediaApiRoutes], siteRoutes: [mediaGatewayRoutes] },
    { name: 'blogs', services: [blogsPlugin], routes: [blogRoutes] },
    { name: 'events', services: [eventsPlugin], routes: [eventRoutes] },
    { name: 'packages', services: [packagesPlugin], routes: [packageRoutes] },
    { name: 'audit', services: [auditPlugin], routes: [auditRoutes] },
    { name: 'payments', services: [paymentsPlugin], routes: [paymentRoutes] },
    { name: 'calendar', services: [calendarPlugin] },
    { name: 'consultations', services: [consultationsPlugin], routes: [consultationRoutes] },
    { name: 'orders', services: [ordersPlugin], routes: [orderRoutes] },
    { name: 'availability', services: [availabilityPlugin], routes: [availabilityRoutes] },
    { name: 'fulfilment', services: [fulfilmentPlugin], routes: [fulfilmentRoutes] },
    { name: 'checkout', services: [checkoutPlugin], routes: [checkoutRoutes, paymentWebhookRoutes] },
    { name: 'self-service', routes: [manageBookingRoutes] },
    { name: 'account-data', routes: [accountDataRoutes] },
    { name: 'sitemap', services: [sitemapPlugin, contentSitemapSources] },
    { name: 'assistant', routes: [assistantRoutes], siteRoutes: [assistantWidgetRoute] },
    { name: 'admin', routes: [adminRoutes] },
    { name: 'metrics', routes: [metricsRoutes] },
    { name: 'releases', services: serveWeb ? [releasesPlugin, startingBuildsPlugin] : [releasesPlugin], routes: [releaseRoutes] },
    { name: 'backup', services: [backupPlugin], routes: [backupRoutes] },
    { name: 'vitals', services: [vitalsPlugin, canaryWatchPlugin], routes: [vitalsRoutes] },
    { name: 'system', routes: [systemRoutes] },
    { name: 'page-head', services: [deploymentPlugin, pageHeadPlugin] },
    // Pages rendered on the server only where the api serves the front ends.
    { name: 'ssr', services: serveWeb ? [ssrPlugin] : [] },
    // The site's pages and its not-found answer, where the api serves the front ends.
    ...(serveWeb ? [{ name: 'pages', services: [pagesPlugin], siteRoutes: [pageRoutes] }] : []),
  ];
  await registerModules(app, modules);

  if (serveWeb) await app.register(staticSitePlugin, { webRoot: config.WEB_ROOT, releasesDir: config.RELEASES_DIR, isReleaseFile });
  else app.setNotFoundHandler(async (request, reply) => sendNotFound(request, reply));

  return app;
}
