import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestInstances } from './app';
import { FAST_JOBS_ENV, jobState, jobsTargets, until } from './jobs-helpers';

/** Idle workers poll once a minute here: only a wakeup can get a job done within seconds. */
const SLOW_POLL = { JOBS_POLL_SECONDS: '60' };
const WITHIN_MS = 15_000;

describe.each(jobsTargets())('a job sent wakes idle workers on $name', (target) => {
  let worker: FastifyInstance;
  let sender: FastifyInstance | undefined;
  const worked: string[] = [];

  const env = { ...FAST_JOBS_ENV, ...SLOW_POLL };
  // On PostgreSQL a second instance that works no jobs sends them: the wakeup crosses instances.
  const sending = target.name === 'postgres' ? [{ env: { ...env, JOBS_WORKER: '0' }, ownConnection: true }] : [];
  useTestInstances(target, [{ env }, ...sending], async ([first, second]) => {
    worker = first!;
    sender = second;
    await worker.jobs.define<{ n: string }>('test-wake', {
      handler: async (jobs) => {
        worked.push(...jobs.map((job) => job.data.n));
      },
    });
    await sender?.jobs.define('test-wake');
    // The worker's first fetch at start has found nothing: from here on it is idle.
    await until(async () => (await worker.jobs.depth())['test-wake'] === undefined, 'an idle queue');
  });

  it('works a job sent outside a transaction within seconds, not at the next poll', async () => {
    const from = sender ?? worker;
    const id = await from.jobs.send('test-wake', { n: 'plain' });
    await until(async () => (await jobState(worker, 'test-wake', id!)) === 'completed', 'the plain job', WITHIN_MS);
    expect(worked).toContain('plain');
  });

  it('works a job sent in a transaction once that commits', async () => {
    const from = sender ?? worker;
    const id = await from.database.db.transaction((tx) => from.jobs.send('test-wake', { n: 'in a transaction' }, { tx }));
    await until(async () => (await jobState(worker, 'test-wake', id!)) === 'completed', 'the job sent in a transaction', WITHIN_MS);
    expect(worked).toContain('in a transaction');
  });
});
