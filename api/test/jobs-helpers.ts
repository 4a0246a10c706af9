import type { FastifyInstance } from 'fastify';
import { createDatabase, type ScratchDatabase } from '@site/test-support/postgres';
import { SmtpSink } from '@site/test-support/smtp-sink';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import { buildTestApp } from './app';

export { until } from '@site/test-support/until';

/** Short waits so that retries and polling take a second, not minutes. */
export const FAST_JOBS_ENV = {
  JOBS_POLL_SECONDS: '0.5',
  MAIL_RETRY_DELAY_SECONDS: '1',
  MAIL_RETRY_DELAY_MAX_SECONDS: '1',
};

export interface JobsTarget {
  name: 'pglite' | 'postgres';
  /** The database and what an app on it needs in its environment. */
  open(): Promise<{ database: Database; env: Record<string, string> }>;
  /** Another connection to the same database, as a second instance would have (PGlite: the same one). */
  another(): Promise<Database>;
  /** What an app on the open database needs in its environment. */
  env(): Record<string, string>;
  dispose(): Promise<void>;
}

/** Like testDatabases(), for apps that run the job queue: on PostgreSQL it needs DATABASE_URL too. */
export function jobsTargets(): JobsTarget[] {
  const targets: JobsTarget[] = [pglite()];
  if (process.env.TEST_DATABASE_URL) targets.push(postgres(process.env.TEST_DATABASE_URL));
  return targets;
}

function pglite(): JobsTarget {
  let database: Database | undefined;
  return {
    name: 'pglite',
    async open() {
      database = await openDatabase({ kind: 'pglite' });
      return { database, env: {} };
    },
    async another() {
      if (!database) throw new Error('open first');
      return database;
    },
    env: () => ({}),
    async dispose() {
      await database?.close();
    },
  };
}

function postgres(adminUrl: string): JobsTarget {
  let scratch: ScratchDatabase | undefined;
  const opened: Database[] = [];
  const connect = async () => {
    if (!scratch) throw new Error('open first');
    const database = await openDatabase({ kind: 'postgres', url: scratch.url });
    opened.push(database);
    return database;
  };
  return {
    name: 'postgres',
    async open() {
      scratch = await createDatabase('test_jobs', adminUrl);
      return { database: await connect(), env: this.env() };
    },
    another: connect,
    env() {
      if (!scratch) throw new Error('open first');
      return { DATABASE_URL: scratch.url };
    },
    async dispose() {
      await Promise.all(opened.map((database) => database.close()));
      await scratch?.drop();
    },
  };
}

/** An app that works jobs on `database`, with short retry and poll times. */
export function buildJobsApp(database: Database, env: Record<string, string> = {}): Promise<FastifyInstance> {
  return buildTestApp(database, { env: { ...FAST_JOBS_ENV, ...env } });
}

/**
 * A crash and restart in one suite: instances started one after another on the target's database
 * (the first opens it, the next ones connect again, as a restarted process would), sending to a
 * mail server whose port is kept but which is down until the test starts it.
 */
export function useRestartedInstances(target: JobsTarget): { sink: SmtpSink; start(env?: Record<string, string>): Promise<FastifyInstance> } {
  const sink = new SmtpSink();
  const started: FastifyInstance[] = [];
  let targetEnv: Record<string, string> | undefined;
  beforeAll(async () => {
    await sink.start();
    await sink.stop();
  });
  afterAll(async () => {
    // Latest first; an instance stopped without finishing may fail to close.
    for (const app of started.reverse()) await app.close().catch(() => undefined);
    await sink.stop();
    await target.dispose();
  });
  return {
    sink,
    async start(env = {}) {
      let database: Database;
      if (targetEnv) {
        database = await target.another();
      } else {
        const opened = await target.open();
        ({ database, env: targetEnv } = opened);
      }
      const app = await buildJobsApp(database, { ...targetEnv, SMTP_URL: sink.url, ...env });
      started.push(app);
      return app;
    },
  };
}

/** The state of job `id` in queue `name`. */
export async function jobState(app: FastifyInstance, name: string, id: string): Promise<string | undefined> {
  const [job] = await app.jobs.boss.findJobs(name, { id });
  return job?.state;
}
