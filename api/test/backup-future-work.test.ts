import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config';
import { restoreInto } from '../src/modules/backup/restore-target';
import { REMINDER_QUEUE } from '../src/modules/fulfilment/reminders';
import { PUBLISH_QUEUE } from '../src/modules/blogs/publication';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders, createBlog } from './content-helpers';
import { bookConsultation, buyer, fulfilled, settle, slot } from './orders-helpers';
import { appOn, newDataDir } from './backup-helpers';
import { createDatabase } from '@site/test-support/postgres';

const restoreEnv = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });

/** The jobs of a queue for `match` (orders: the reminders; posts: the publication), by state. */
async function jobsOf(app: FastifyInstance, queue: string, data: Record<string, string>) {
  const jobs = await app.jobs.boss.findJobs<Record<string, string>>(queue, { data });
  return jobs.map((job) => ({ state: job.state, key: job.singletonKey }));
}

describe.each(testDatabases())('future work of a site on $name, after a restore', (source) => {
  let app: FastifyInstance;
  let archive: Buffer;
  let orderIds: string[];
  let postId: string;
  let target: { env: Record<string, string>; drop: () => Promise<void> };

  useTestApp(source, (built) => {
    app = built;
  });
  beforeAll(async () => {
    orderIds = [];
    for (const days of [4, 6]) {
      const who = await buyer(app);
      const order = await bookConsultation(app, who, slot(days));
      expect(order.statusCode).toBe(201);
      expect((await settle(app, order.json().razorpayOrderId as string)).statusCode).toBeLessThan(300);
      orderIds.push(order.json().id as string);
      await fulfilled(app, order.json().id as string);
    }
    postId = (await createBlog(app, { published_at: new Date(Date.now() + 3 * 86_400_000).toISOString() })).id;
    for (const orderId of orderIds) expect(await jobsOf(app, REMINDER_QUEUE, { orderId })).toHaveLength(2);
    const res = await app.inject({ method: 'GET', url: '/api/admin/backup', headers: adminHeaders(app) });
    expect(res.statusCode).toBe(200);
    archive = res.rawPayload;
    if (source.name === 'postgres') {
      const database = await createDatabase('future');
      target = { env: { DATABASE_URL: database.url }, drop: database.drop };
    } else {
      target = { env: { DATA_DIR: newDataDir() }, drop: async () => undefined };
    }
    await restoreInto(restoreEnv(target.env), Readable.from([archive]));
  }, 120_000);
  afterAll(async () => {
    await target?.drop();
  });

  it('queues each pending reminder and publication again on the first start, once, and no more on the next', async () => {
    for (let start = 0; start < 2; start += 1) {
      const restored = await appOn(target.env);
      try {
        for (const orderId of orderIds) {
          const reminders = await jobsOf(restored.app, REMINDER_QUEUE, { orderId });
          expect(reminders.map((job) => job.state)).toEqual(['created', 'created']);
          expect(new Set(reminders.map((job) => job.key?.split(':')[1]))).toEqual(new Set(['24h', '1h']));
        }
        expect((await jobsOf(restored.app, PUBLISH_QUEUE, { blogId: postId })).map((job) => job.state)).toEqual(['created']);
      } finally {
        await restored.app.close();
        await restored.database.close();
      }
    }
  }, 120_000);
});
