import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { useTestInstances } from './app';
import { FAST_JOBS_ENV, jobsTargets, until } from './jobs-helpers';

const JOBS = 500;

/** Two instances (PostgreSQL: two pools, as two processes would have) working one queue. */
describe.each(jobsTargets())('two instances on one $name database', (target) => {
  let database: Database;
  const apps: FastifyInstance[] = [];
  /** Every time a job was worked, by which instance. */
  const runs = new Map<number, string[]>();

  useTestInstances(target, [{ env: FAST_JOBS_ENV }, { env: FAST_JOBS_ENV, ownConnection: true }], async (built) => {
    database = built[0]!.database;
    for (const [index, app] of built.entries()) {
      await app.jobs.define<{ n: number }>('test-cluster', {
        work: { batchSize: 25, localConcurrency: 2 },
        handler: async (jobs) => {
          for (const job of jobs) runs.set(job.data.n, [...(runs.get(job.data.n) ?? []), `app-${index}`]);
        },
      });
      apps.push(app);
    }
  });

  it(`works each of ${JOBS} jobs exactly once between them`, async () => {
    await apps[0]!.jobs.boss.insert(
      'test-cluster',
      Array.from({ length: JOBS }, (_, n) => ({ data: { n } })),
    );
    const completed = async () =>
      Number(
        ((await database.db.execute(sql`SELECT count(*) AS n FROM pgboss.job WHERE name = 'test-cluster' AND state = 'completed'`)) as unknown as {
          rows: { n: string | number }[];
        }).rows[0]!.n,
      );
    await until(async () => (await completed()) === JOBS, 'all jobs completed', 90_000);
    expect(runs.size).toBe(JOBS);
    expect([...runs.values()].filter((by) => by.length !== 1)).toEqual([]);
    // Both instances took part.
    const byApp = [...runs.values()].flat();
    expect(new Set(byApp)).toEqual(new Set(['app-0', 'app-1']));
  });
});
