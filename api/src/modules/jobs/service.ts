import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { PgBoss, type Job, type JobResult, type Queue, type ScheduleOptions, type SendOptions, type WorkOptions } from 'pg-boss';
import type { Db } from '../../db/database';
import { pgliteBossDatabase, pgliteOf, postgresUrlOf, transactionForBoss } from './boss-database';

/** What a queue is made with; its handler runs on instances that work jobs (JOBS_WORKER=1). */
export interface QueueDefinition<T extends object> {
  options?: Omit<Queue, 'name'>;
  work?: Omit<WorkOptions, 'includeMetadata'>;
  /**
   * Throwing fails the batch: each job in it is retried as its queue's retry options say. With
   * `work.perJobResults` it resolves with each job's outcome instead.
   */
  handler?: (jobs: Job<T>[]) => Promise<JobResult[] | void>;
}

export interface EnqueueOptions extends Omit<SendOptions, 'db'> {
  /**
   * The caller's transaction: the job exists if and only if that transaction commits. Inside a
   * transaction always pass it: on PGlite a send beside it would wait for it to end, forever.
   */
  tx?: Db;
}

export interface JobQueue {
  /** Creates queue `name` (or updates its options) and works it on this instance when workers run. */
  define<T extends object>(name: string, definition?: QueueDefinition<T>): Promise<void>;
  send<T extends object>(name: string, data: T, options?: EnqueueOptions): Promise<string | null>;
  /** A one-off job that becomes due at `at` (a reminder); cancel it with `cancel`. */
  sendAt<T extends object>(name: string, data: T, at: Date, options?: EnqueueOptions): Promise<string | null>;
  cancel(name: string, id: string, options?: { tx?: Db }): Promise<void>;
  /**
   * A periodic job on a cron expression (UTC unless `options.tz`; define the queue first): each tick
   * is one job, worked once across all instances. Scheduling the same name again replaces it.
   */
  schedule<T extends object>(name: string, cron: string, data?: T, options?: Omit<ScheduleOptions, 'db'>): Promise<void>;
  unschedule(name: string): Promise<void>;
  /** Jobs waiting (due or not, retries included) or running, per queue, counted now. */
  depth(): Promise<Record<string, number>>;
  /** Whether this instance works jobs. */
  readonly working: boolean;
  /** The engine, for what this interface does not cover (admin lists, tests). */
  readonly boss: PgBoss;
  /** pg-boss's schema, for reading its tables. */
  readonly schema: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export const JOBS_SCHEMA = 'pgboss';
/**
 * How often an instance looks for jobs past their expiry (pg-boss's supervision and monitor, 60 s by
 * default): a job a killed instance held is retried this soon after its expiry.
 */
const SUPERVISE_SECONDS = 10;
/**
 * How long a job may run before it counts as lost and is retried (pg-boss's own default is 15
 * minutes): a job held by an instance that was killed comes back this soon. Longer work says so.
 */
export const DEFAULT_EXPIRE_SECONDS = 60;
/** How long a graceful stop waits for running jobs before leaving them to expire and be retried. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * pg-boss on the app's database (decision 041): on PostgreSQL through its own pool on DATABASE_URL,
 * on PGlite in this process on the same instance. Workers start when the app is ready and stop,
 * letting running jobs finish, when it closes.
 */
export const jobsPlugin = fp(
  async (app) => {
    const { config, database } = app;
    // A job sent wakes the workers of its queue through NOTIFY (at commit, on every instance; on
    // PGlite within this process), so idle workers need not poll often: see JOBS_POLL_SECONDS.
    const common = {
      schema: JOBS_SCHEMA,
      application_name: `site-api-jobs-${randomUUID().slice(0, 8)}`,
      useListenNotify: true,
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
    };
    let boss: PgBoss;
    if (database.kind === 'pglite') {
      boss = new PgBoss({ ...common, backend: 'pglite', db: pgliteBossDatabase(pgliteOf(database)) });
    } else {
      // Its own small pool on the app's database: workers never wait on (or hold up) requests' connections.
      const connectionString = postgresUrlOf(database) ?? config.DATABASE_URL;
      if (!connectionString) throw new Error('The job queue found no address for the PostgreSQL database');
      boss = new PgBoss({ ...common, connectionString, max: 4 });
    }
    // pg-boss reports failures of its own background work (maintenance, polling) here.
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    await boss.start();

    const handlers = new Map<string, QueueDefinition<object>>();
    const working = config.JOBS_WORKER;
    let started = false;
    let stopping = false;

    const startWorker = async (name: string, definition: QueueDefinition<object>) => {
      if (!definition.handler) return;
      const handler = definition.handler;
      const options: WorkOptions = {
        pollingIntervalSeconds: config.JOBS_POLL_SECONDS,
        notifyPollingIntervalSeconds: config.JOBS_POLL_SECONDS,
        ...definition.work,
      };
      await boss.work<object>(name, options, (jobs) => handler(jobs));
    };

    const jobs: JobQueue = {
      working,
      boss,
      schema: JOBS_SCHEMA,
      async define(name, definition = {}) {
        const queueOptions = { notify: true, expireInSeconds: DEFAULT_EXPIRE_SECONDS, ...definition.options };
        await boss.createQueue(name, queueOptions);
        // A queue made by an earlier start keeps its options otherwise; these cannot change after creation.
        const { policy: _policy, partition: _partition, heartbeatSeconds: _heartbeat, ...changeable } = queueOptions;
        await boss.updateQueue(name, Object.fromEntries(Object.entries(changeable).filter(([, value]) => value !== undefined)));
        // Reads the queue once outside any transaction, so that sending within a caller's
        // transaction finds it cached (on PGlite, a lookup there would wait on that transaction).
        await boss.findJobs(name, { id: randomUUID(), limit: 1 });
        if (definition.handler) {
          const entry = definition as QueueDefinition<object>;
          handlers.set(name, entry);
          if (working && started) await startWorker(name, entry);
        }
      },
      send(name, data, { tx, ...options } = {}) {
        return boss.send(name, data, { ...options, db: tx ? transactionForBoss(tx) : undefined });
      },
      sendAt(name, data, at, options = {}) {
        return jobs.send(name, data, { ...options, startAfter: at });
      },
      async cancel(name, id, { tx } = {}) {
        await boss.cancel(name, id, tx ? { db: transactionForBoss(tx) } : undefined);
      },
      async schedule(name, cron, data, options) {
        await boss.schedule(name, cron, data ?? null, options);
      },
      async unschedule(name) {
        await boss.unschedule(name);
      },
      async depth() {
        // pg-boss's own queue counts are refreshed by its monitor, minutes apart: counted here instead.
        const result = await database.db.execute(
          sql`SELECT name, count(*)::int AS n FROM ${sql.identifier(JOBS_SCHEMA)}.job WHERE state::text IN ('created', 'retry', 'active') GROUP BY name`,
        );
        return Object.fromEntries((result as unknown as { rows: { name: string; n: number }[] }).rows.map((row) => [row.name, Number(row.n)]));
      },
    };
    app.decorate('jobs', jobs);
    app.metrics.onScrape(async () => {
      app.metrics.queueDepth(Object.values(await jobs.depth()).reduce((sum, count) => sum + count, 0));
    });

    app.addHook('onReady', async () => {
      started = true;
      if (!working) return;
      for (const [name, definition] of handlers) await startWorker(name, definition);
    });
    // Stops fetching, lets running jobs finish (or expire, then be retried elsewhere), then closes
    // pg-boss's connections, before the database itself closes.
    app.addHook('onClose', async () => {
      if (stopping) return;
      stopping = true;
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: true });
    });
  },
  { name: 'jobs', dependencies: ['database', 'metrics'] },
);
