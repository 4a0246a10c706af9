import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_QUEUE } from '../src/modules/backup/schedule';
import { useTestApp } from './app';
import { buildJobsApp, FAST_JOBS_ENV, jobState, jobsTargets, until } from './jobs-helpers';
import { outbox } from './outbox';

class Rollback extends Error {}

describe.each(jobsTargets())('job queue on $name', (target) => {
  let app: FastifyInstance;
  const worked: string[] = [];
  let attempts = 0;

  useTestApp(target, (built) => (app = built), { env: FAST_JOBS_ENV });
  beforeAll(async () => {
    await app.jobs.define<{ n: string }>('test-echo', {
      handler: async (jobs) => {
        worked.push(...jobs.map((job) => job.data.n));
      },
    });
    // Fails on its first attempt, then succeeds.
    await app.jobs.define<object>('test-flaky', {
      options: { retryLimit: 3, retryDelay: 1 },
      handler: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('first attempt fails');
      },
    });
  });

  it('keeps a job sent in a transaction that commits, and none from one that rolls back', async () => {
    const committed = await app.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      return app.jobs.send('test-echo', { n: 'committed' }, { tx });
    });
    let rolledBack: string | null = null;
    await app.database.db
      .transaction(async (tx) => {
        rolledBack = await app.jobs.send('test-echo', { n: 'rolled-back' }, { tx });
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    expect(committed).toBeTruthy();
    expect(rolledBack).toBeTruthy();
    await until(async () => (await jobState(app, 'test-echo', committed!)) === 'completed', 'the committed job');
    expect(await jobState(app, 'test-echo', rolledBack!)).toBeUndefined();
    expect(worked).toContain('committed');
    expect(worked).not.toContain('rolled-back');
  });

  it('retries a job whose handler failed, after the queue’s retry delay', async () => {
    const id = await app.jobs.send('test-flaky', {});
    await until(async () => (await jobState(app, 'test-flaky', id!)) === 'completed', 'the retried job');
    expect(attempts).toBe(2);
    const [job] = await app.jobs.boss.findJobs('test-flaky', { id: id! });
    expect(job!.retryCount).toBe(1);
  });

  it('holds a delayed job until its time, and a cancelled one for good', async () => {
    const later = await app.jobs.sendAt('test-echo', { n: 'later' }, new Date(Date.now() + 3_600_000));
    const cancelled = await app.jobs.sendAt('test-echo', { n: 'cancelled' }, new Date(Date.now() + 3_600_000));
    await app.jobs.cancel('test-echo', cancelled!);
    const now = await app.jobs.send('test-echo', { n: 'now' });
    await until(async () => (await jobState(app, 'test-echo', now!)) === 'completed', 'the job due now');
    expect(await jobState(app, 'test-echo', later!)).toBe('created');
    expect(await jobState(app, 'test-echo', cancelled!)).toBe('cancelled');
    const [job] = await app.jobs.boss.findJobs('test-echo', { id: later! });
    expect(job!.startAfter.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
  });

  it('schedules a periodic job by cron expression, and unschedules it', async () => {
    await app.jobs.define('test-periodic', { handler: async () => undefined });
    await app.jobs.schedule('test-periodic', '*/5 * * * *', { every: 'five minutes' });
    expect((await app.jobs.boss.getSchedules('test-periodic')).map((s) => [s.cron, s.data])).toEqual([['*/5 * * * *', { every: 'five minutes' }]]);
    await app.jobs.unschedule('test-periodic');
    expect(await app.jobs.boss.getSchedules('test-periodic')).toEqual([]);
  });

  it('queues an e-mail with the change that causes it, and sends a key once', async () => {
    const message = (subject: string) => ({ to: 'client@example.com', subject, text: 'Hello' });
    await app.database.db
      .transaction(async (tx) => {
        await app.enqueueMail(message('Rolled back'), { key: 'test:rolled-back', tx });
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    const first = await app.database.db.transaction((tx) => app.enqueueMail(message('Once'), { key: 'test:once', tx }));
    const again = await app.enqueueMail(message('Once'), { key: 'test:once' });
    expect(first).toBeTruthy();
    expect(again).toBeNull();
    await until(async () => (await jobState(app, 'mail', first!)) === 'completed', 'the e-mail sent');
    // A key queued after its message went out is not sent again either.
    expect(await app.enqueueMail(message('Once'), { key: 'test:once' })).toBeNull();
    // The rolled-back key is free: queued now, it is sent.
    const retried = await app.enqueueMail(message('Rolled back'), { key: 'test:rolled-back' });
    await until(async () => (await jobState(app, 'mail', retried!)) === 'completed', 'the second e-mail');
    const subjects = (await outbox(app)).map((raw) => /^Subject: (.*)$/m.exec(raw)?.[1]);
    expect(subjects.filter((s) => s === 'Once')).toHaveLength(1);
    expect(subjects.filter((s) => s === 'Rolled back')).toHaveLength(1);
  });

  it('leaves the work to other instances with JOBS_WORKER=0', async () => {
    const queuer = await buildJobsApp(await target.another(), { ...target.env(), JOBS_WORKER: '0' });
    const by: string[] = [];
    try {
      expect(queuer.jobs.working).toBe(false);
      await queuer.jobs.define('test-owner', { handler: async (jobs) => void by.push(...jobs.map(() => 'queuer')) });
      await app.jobs.define('test-owner', { handler: async (jobs) => void by.push(...jobs.map(() => 'worker')) });
      const ids = await Promise.all(Array.from({ length: 5 }, () => queuer.jobs.send('test-owner', {})));
      await until(async () => (await Promise.all(ids.map((id) => jobState(app, 'test-owner', id!)))).every((state) => state === 'completed'), 'the jobs worked');
      expect(by).toEqual(Array(5).fill('worker'));
    } finally {
      await queuer.close();
    }
  });

  it('lets a running job finish when the app closes', async () => {
    const other = await buildJobsApp(await target.another(), target.env());
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let finished = false;
    await other.jobs.define('test-slow', {
      handler: async () => {
        entered();
        await held;
        finished = true;
      },
    });
    const id = await other.jobs.send('test-slow', {});
    await inside;
    const closing = other.close();
    release();
    await closing;
    expect(finished).toBe(true);
    expect(await jobState(app, 'test-slow', id!)).toBe('completed');
  });

  it('gives back within minutes a job whose instance was killed while holding it', async () => {
    // A job held by a killed instance is retried once it expires: no queue may keep pg-boss's
    // 15-minute default, or a paid order's confirmation waits that long after a crash.
    const longer: Record<string, number> = { [BACKUP_QUEUE]: 30 * 60 };
    const queues = await app.jobs.boss.getQueues();
    expect(queues.map((queue) => queue.name)).toContain('order.paid');
    // pg-boss's own queues (its cron's `__pgboss__send-it`) hold no work of ours.
    for (const queue of queues.filter(({ name }) => !name.startsWith('__pgboss__'))) {
      expect({ name: queue.name, expireInSeconds: queue.expireInSeconds }).toEqual({
        name: queue.name,
        expireInSeconds: expect.toSatisfy((seconds: number) => seconds <= (longer[queue.name] ?? 10 * 60)),
      });
    }
  });
});
