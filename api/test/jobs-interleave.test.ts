import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/database';
import { useTestApp } from './app';
import { FAST_JOBS_ENV, jobsTargets, until } from './jobs-helpers';

class Rollback extends Error {}

const rows = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const count = async (db: Db, query: ReturnType<typeof sql>) => Number((await rows<{ n: number | string }>(db, query))[0]!.n);

/**
 * On PGlite the api's queries and pg-boss's share one connection: a statement of either landing
 * inside the other's transaction would lose or keep the wrong writes, or fail them. Here both run
 * at once, many times over.
 */
describe.each(jobsTargets())('the api and the job queue on one $name database under load', (target) => {
  let database: Database;
  let app: FastifyInstance;

  useTestApp(
    target,
    (built) => {
      app = built;
      database = built.database;
    },
    { env: FAST_JOBS_ENV },
  );
  beforeAll(async () => {
    await database.db.execute(sql`CREATE TABLE interleave_writes (source text NOT NULL, n int NOT NULL, UNIQUE (source, n))`);
    await app.jobs.define<{ n: number; source: string }>('test-load', {
      work: { batchSize: 10, localConcurrency: 2 },
      // Each job writes in its own transaction of several statements.
      handler: async (jobs) => {
        for (const job of jobs) {
          await app.database.db.transaction(async (tx) => {
            await tx.execute(sql`INSERT INTO interleave_writes (source, n) VALUES (${`job-${job.data.source}`}, ${job.data.n})`);
            const mine = await count(tx, sql`SELECT count(*) AS n FROM interleave_writes WHERE source = ${`job-${job.data.source}`} AND n = ${job.data.n}`);
            if (mine !== 1) throw new Error(`job ${job.data.n} sees ${mine} rows of its own`);
          });
        }
      },
    });
  });

  it('works 200 jobs while 200 api transactions (a fifth rolled back) write and queue more', async () => {
    const direct = await Promise.all(Array.from({ length: 200 }, (_, n) => app.jobs.send('test-load', { n, source: 'direct' })));
    const apiWrite = async (n: number) => {
      try {
        await app.database.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO interleave_writes (source, n) VALUES ('api', ${n})`);
          await app.jobs.send('test-load', { n, source: 'api' }, { tx });
          const mine = await count(tx, sql`SELECT count(*) AS n FROM interleave_writes WHERE source = 'api' AND n = ${n}`);
          if (mine !== 1) throw new Error(`transaction ${n} sees ${mine} rows of its own`);
          if (n % 5 === 0) throw new Rollback();
        });
      } catch (error) {
        if (!(error instanceof Rollback)) throw error;
      }
    };
    // Twenty at a time, while the workers drain the queue.
    for (let start = 0; start < 200; start += 20) {
      await Promise.all(Array.from({ length: 20 }, (_, i) => apiWrite(start + i)));
    }
    expect(direct.every(Boolean)).toBe(true);

    const committed = Array.from({ length: 200 }, (_, n) => n).filter((n) => n % 5 !== 0);
    const writes = (source: string) => count(database.db, sql`SELECT count(*) AS n FROM interleave_writes WHERE source = ${source}`);
    const completed = () => count(database.db, sql`SELECT count(*) AS n FROM pgboss.job WHERE name = 'test-load' AND state = 'completed'`);
    await until(async () => (await completed()) === 200 + committed.length, 'every job worked', 60_000);
    expect(await writes('job-direct')).toBe(200);

    expect(await writes('api')).toBe(committed.length);
    const apiRows = await rows<{ n: number }>(database.db, sql`SELECT n FROM interleave_writes WHERE source = 'job-api' ORDER BY n`);
    expect(apiRows.map((row) => row.n)).toEqual(committed);
    const states = await rows<{ state: string; n: number | string }>(
      database.db,
      sql`SELECT state::text AS state, count(*) AS n FROM pgboss.job WHERE name = 'test-load' GROUP BY state`,
    );
    expect(states.map((row) => [row.state, Number(row.n)])).toEqual([['completed', 200 + committed.length]]);
  }, 120_000); // 400 jobs and 200 transactions on one connection: half a minute on a loaded 2-core host
});
