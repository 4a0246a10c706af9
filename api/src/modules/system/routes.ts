import { memoryUsage, uptime } from 'node:process';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { SystemStatus } from '@site/shared/contracts/system';
import { noStore } from '../../lib/no-store';
import { rowsOf } from '../../db/rows';
import { remoteStatuses } from './remotes';
import { recentMailFailures } from '../mail/admin-list';
import { MAIL_QUEUE } from '../mail/queue';

const PING_TIMEOUT_MS = 1_500;
/** How many of the newest mail failures the page lists (Admin → Mail lists them all). */
const RECENT_FAILURES = 5;

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app;

  const databaseFacts = async () => {
    try {
      const [facts] = await rowsOf<{ server_version: string | null; schema_version: string | null }>(
        database.db,
        sql`SELECT current_setting('server_version') AS server_version, (SELECT max(version) FROM schema_migrations) AS schema_version`,
      );
      return { reachable: true, server_version: facts?.server_version ?? null, schema_version: facts?.schema_version ?? null };
    } catch {
      return { reachable: false, server_version: null, schema_version: null };
    }
  };
  const withTimeout = <T>(work: Promise<T>, fallback: T) =>
    Promise.race([work, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), PING_TIMEOUT_MS).unref())]);

  app.get(
    '/admin/system',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Health, database, remotes, backups, queue and mail of this instance (admin)',
        response: { 200: SystemStatus, 401: ApiErrorBody, 403: ApiErrorBody },
      },
    },
    async () => {
      const [facts, remotes, last, failures, depth, recentFailures] = await Promise.all([
        withTimeout(databaseFacts(), { reachable: false, server_version: null, schema_version: null }),
        remoteStatuses(app),
        app.backup.last().catch(() => null),
        app.metrics.mailFailures(),
        app.jobs.depth(),
        recentMailFailures(database.db, app.jobs.schema, RECENT_FAILURES),
      ]);
      return {
        health: { state: app.lifecycle.state, database_reachable: facts.reachable, uptime_seconds: Math.round(uptime()), resident_memory_bytes: memoryUsage.rss() },
        database: { kind: database.kind, server_version: facts.server_version, schema_version: facts.schema_version },
        remotes,
        backups: { last, every_hours: config.BACKUP_INTERVAL_HOURS, keep: config.BACKUP_KEEP, encrypted: Boolean(config.BACKUP_KEY) },
        queue: { depth: Object.values(depth).reduce((sum, count) => sum + count, 0), mail: depth[MAIL_QUEUE] ?? 0 },
        mail: { transport: config.SMTP_URL ? ('smtp' as const) : ('outbox' as const), failures_since_start: failures, recent_failures: recentFailures },
      };
    },
  );
};
