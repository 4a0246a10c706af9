import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { apiDocsPlugin } from './plugins/api-docs';
import { databasePlugin } from './plugins/database';
import { errorsPlugin } from './plugins/errors';
import { lifecyclePlugin } from './plugins/lifecycle';
import { serializeRequest } from './plugins/log-serializers';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticSitePlugin } from './plugins/static-site';
import { authPlugin } from './plugins/auth';
import { rateLimitPlugin } from './plugins/rate-limit';
import { mailPlugin } from './modules/mail/service';
import { healthRoutes } from './modules/health/routes';
import { accountsPlugin } from './modules/users/accounts-plugin';
import { usersRoutes } from './modules/users/routes';
import { authRoutes } from './modules/auth/routes';
import { blogRoutes } from './modules/blogs/routes';
import { eventRoutes } from './modules/events/routes';
import { packageRoutes } from './modules/packages/routes';
import { mediaApiRoutes, mediaGatewayRoutes } from './modules/media/routes';
import { openMediaStore } from './modules/media/plugin';
import { sitemapPlugin } from './modules/sitemap/service';
import { addContentSitemapSources } from './modules/sitemap/content-sources';
import { contactRoutes } from './modules/contacts/routes';
import { newsletterRoutes } from './modules/newsletters/routes';
import { assistantRoutes, assistantWidgetRoute } from './modules/assistant/routes';

export interface BuildOptions {
  config: Config;
  /** An open database (tests share one per file); otherwise one is opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  serveWeb?: boolean;
}

export async function buildApp({ config, database, logger = true, logStream, serveWeb = true }: BuildOptions) {
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          serializers: { req: serializeRequest },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    // Only proxies named by TRUST_PROXY may speak for the client (address, host, protocol).
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  if (!config.PUBLIC_URL) {
    app.log.warn(`PUBLIC_URL is not set: links in e-mails point to http://localhost:${config.PORT}. Set PUBLIC_URL to the site's public address.`);
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(lifecyclePlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { config });
  await app.register(databasePlugin, {
    database:
      database ??
      (await openDatabase(
        config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.DATA_DIR },
      )),
    closeOnExit: !database,
  });
  await app.register(apiDocsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin, { config });
  await app.register(mailPlugin, { config });
  await app.register(accountsPlugin, { config });

  const mediaStore = await openMediaStore(app as unknown as FastifyInstance, config);
  await app.register(sitemapPlugin, { config });
  addContentSitemapSources(app as unknown as FastifyInstance);
  await app.register(assistantWidgetRoute);

  await app.register(
    async (api) => {
      // Each module registers its routes here, under /api.
      await api.register(healthRoutes);
      await api.register(usersRoutes, { config });
      await api.register(authRoutes, { config });
      await api.register(blogRoutes, { config, store: mediaStore });
      await api.register(eventRoutes);
      await api.register(packageRoutes);
      await api.register(mediaApiRoutes, { config, store: mediaStore });
      await api.register(contactRoutes);
      await api.register(newsletterRoutes, { config });
      await api.register(assistantRoutes, { config });
    },
    { prefix: '/api' },
  );

  // Site-root routes, before the static site whose not-found handler would serve the SPA.
  await app.register(mediaGatewayRoutes, { store: mediaStore });

  if (serveWeb) await app.register(staticSitePlugin, { webRoot: config.WEB_ROOT });
  else
    app.setNotFoundHandler(async (request, reply) =>
      reply.code(404).send({ error: 'not_found', message: `No such resource: ${request.method} ${request.url.split('?')[0]}` }),
    );

  return app as unknown as FastifyInstance;
}
