import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { apiDocsPlugin } from './plugins/api-docs';
import { configPlugin } from './plugins/config';
import { databasePlugin } from './plugins/database';
import { errorsPlugin } from './plugins/errors';
import { lifecyclePlugin } from './plugins/lifecycle';
import { connectionsPlugin } from './plugins/connections';
import { storableInputPlugin } from './plugins/storable-input';
import { callerCachePlugin } from './plugins/caller-cache';
import { serializeRequest } from './lib/log-serializers';
import { sendNotFound } from './lib/not-found';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticSitePlugin } from './plugins/static-site';
import { authPlugin } from './plugins/auth';
import { rateLimitPlugin } from './plugins/rate-limit';
import { mailPlugin } from './modules/mail/service';
import { healthRoutes } from './modules/health/routes';
import { refreshTokensPlugin } from './modules/auth/refresh-tokens';
import { accountsPlugin } from './modules/users/service';
import { contactsPlugin } from './modules/contacts/service';
import { newslettersPlugin } from './modules/newsletters/service';
import { blogsPlugin } from './modules/blogs/service';
import { eventsPlugin } from './modules/events/service';
import { packagesPlugin } from './modules/packages/service';
import { usersRoutes } from './modules/users/routes';
import { authRoutes } from './modules/auth/routes';
import { blogRoutes } from './modules/blogs/routes';
import { eventRoutes } from './modules/events/routes';
import { packageRoutes } from './modules/packages/routes';
import { mediaApiRoutes, mediaGatewayRoutes } from './modules/media/routes';
import { openMediaStore } from './modules/media/plugin';
import { sitemapPlugin } from './modules/sitemap/service';
import { publicCachePlugin } from './modules/public-cache/service';
import { pageHeadPlugin } from './modules/page-head/service';
import { ssrPlugin } from './modules/ssr/service';
import { rawRequestView } from './lib/raw-request';
import { addContentSitemapSources } from './modules/sitemap/content-sources';
import { contactRoutes } from './modules/contacts/routes';
import { newsletterRoutes } from './modules/newsletters/routes';
import { assistantRoutes, assistantWidgetRoute } from './modules/assistant/routes';
import { auditPlugin } from './modules/audit/service';
import { auditRoutes } from './modules/audit/routes';
import { paymentsPlugin } from './modules/payments/service';
import { paymentRoutes } from './modules/payments/routes';
import { calendarPlugin } from './modules/calendar/service';
import { calendarRoutes } from './modules/calendar/routes';
import { ordersPlugin } from './modules/orders/service';
import { orderRoutes } from './modules/orders/routes';
import { manageBookingRoutes } from './modules/orders/manage-routes';
import { adminRoutes } from './modules/admin/routes';
import { backupPlugin } from './modules/backup/service';
import { backupRoutes } from './modules/backup/routes';
import { metricsPlugin } from './modules/metrics/service';
import { metricsRoutes } from './modules/metrics/routes';
import { systemRoutes } from './modules/system/routes';

export interface BuildOptions {
  config: Config;
  /** An open database (tests share one per file); otherwise one is opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  serveWeb?: boolean;
}

const REQUEST_COMPLETED = 'request completed';

/** One line per answered request, the request with it, instead of Fastify's two (incoming, completed). */
class OneLineRequestLogs extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, REQUEST_COMPLETED);
  }
}

export async function buildApp({ config, database, logger = true, logStream, serveWeb = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          serializers: { req: serializeRequest },
          // Buffered: under load, a synchronous write per line cost a quarter of the process's time.
          // pino flushes what is buffered when the process exits.
          stream: logStream ?? pino.destination({ dest: 1, sync: false }),
        }
      : false,
    logController: new OneLineRequestLogs(),
    // Only proxies named by TRUST_PROXY may speak for the client (address, host, protocol).
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Shutdown closes connections itself (plugins/connections.ts) so that no request is lost.
    forceCloseConnections: false,
    return503OnClosing: false,
    // Request ids are unguessable and unique across instances and restarts (they appear in 5xx answers).
    genReqId: () => randomUUID(),
    // Node's server as Fastify makes it, with kept answers (public reads, rendered pages) served in
    // front of Fastify (decision 027).
    serverFactory: (handler) => {
      // How often Node checks the request and headers timeouts (30 s by default).
      const server = createServer({ connectionsCheckingInterval: Math.min(1_000, config.REQUEST_TIMEOUT_MS) }, (request, response) => {
        if (!serveKept(request, response)) handler(request, response);
      });
      server.requestTimeout = config.REQUEST_TIMEOUT_MS;
      server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_MS;
      server.setTimeout(config.IDLE_TIMEOUT_MS);
      return server;
    },
  });
  let serveKept: (request: IncomingMessage, response: ServerResponse) => boolean = () => false;

  if (!config.PUBLIC_URL) {
    app.log.warn(`PUBLIC_URL is not set: links in e-mails point to http://localhost:${config.PORT}. Set PUBLIC_URL to the site's public address.`);
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(configPlugin, { config });
  await app.register(lifecyclePlugin);
  await app.register(metricsPlugin);
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
  await app.register(mailPlugin);
  await app.register(refreshTokensPlugin);
  await app.register(accountsPlugin);
  await app.register(contactsPlugin);
  await app.register(newslettersPlugin);
  await app.register(blogsPlugin);
  await app.register(eventsPlugin);
  await app.register(packagesPlugin);
  await app.register(auditPlugin);
  await app.register(paymentsPlugin);
  await app.register(calendarPlugin);
  await app.register(ordersPlugin);

  const forLog = rawRequestView(config.TRUST_PROXY);
  const logsRequests = ['trace', 'debug', 'info'].includes(app.log.level);
  /** The request log line of an answer sent before Fastify (Fastify writes the others). */
  const logServed = (request: IncomingMessage, statusCode: number, startedAt: number) => {
    if (!logsRequests) return;
    app.log.info({ reqId: randomUUID(), req: forLog(request), res: { statusCode }, responseTime: performance.now() - startedAt }, REQUEST_COMPLETED);
  };
  await app.register(publicCachePlugin, { logServed });
  serveKept = (request, response) => app.publicCache.serveKept(request, response);
  const mediaStore = await openMediaStore(app, config);
  await app.register(backupPlugin, { store: mediaStore });
  await app.register(sitemapPlugin);
  addContentSitemapSources(app);
  await app.register(assistantWidgetRoute);

  await app.register(
    async (api) => {
      // Each module registers its routes here, under /api.
      await api.register(healthRoutes);
      await api.register(usersRoutes);
      await api.register(authRoutes);
      await api.register(blogRoutes, { store: mediaStore });
      await api.register(eventRoutes);
      await api.register(packageRoutes);
      await api.register(mediaApiRoutes, { config, store: mediaStore });
      await api.register(contactRoutes);
      await api.register(newsletterRoutes);
      await api.register(assistantRoutes);
      await api.register(auditRoutes);
      await api.register(orderRoutes);
      await api.register(manageBookingRoutes);
      await api.register(paymentRoutes);
      await api.register(calendarRoutes);
      await api.register(adminRoutes, { store: mediaStore });
      await api.register(backupRoutes);
      await api.register(metricsRoutes);
      await api.register(systemRoutes);
    },
    { prefix: '/api' },
  );

  // Site-root routes, before the static site whose not-found handler would serve the SPA.
  await app.register(mediaGatewayRoutes, { store: mediaStore });

  await app.register(pageHeadPlugin);
  if (serveWeb) {
    await app.register(ssrPlugin, { config, store: mediaStore, logServed });
    serveKept = (request, response) => app.publicCache.serveKept(request, response) || app.ssr.serveKept(request, response);
  }
  if (serveWeb) await app.register(staticSitePlugin, { webRoot: config.WEB_ROOT });
  else app.setNotFoundHandler(async (request, reply) => sendNotFound(request, reply));

  return app;
}
