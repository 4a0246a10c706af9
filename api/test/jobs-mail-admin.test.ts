import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailList } from '@site/shared/contracts/mail';
import { bearer, testAdminId, useTestApp } from './app';
import { FAST_JOBS_ENV, jobsTargets, until } from './jobs-helpers';
import { SmtpSink } from '@site/test-support/smtp-sink';

describe.each(jobsTargets())('Admin → Mail api on $name', (target) => {
  const sink = new SmtpSink();
  let app: FastifyInstance;
  let admin: { authorization: string };

  const list = async (query = '') => {
    const response = await app.inject({ method: 'GET', url: `/api/admin/mail${query}`, headers: admin });
    expect(response.statusCode).toBe(200);
    return response.json<MailList>();
  };

  beforeAll(() => sink.start());
  afterAll(() => sink.stop());
  useTestApp(
    target,
    (built) => {
      app = built;
      admin = bearer(app, { sub: testAdminId(app), role: 'admin' });
    },
    // No retries: a refused message fails at once.
    () => ({ env: { ...FAST_JOBS_ENV, SMTP_URL: sink.url, MAIL_RETRY_LIMIT: '0' } }),
  );

  it('answers admins only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/mail' })).statusCode).toBe(401);
    const user = bearer(app, { sub: randomUUID(), role: 'user' });
    expect((await app.inject({ method: 'GET', url: '/api/admin/mail', headers: user })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/api/admin/mail/${randomUUID()}/retry`, headers: user })).statusCode).toBe(403);
  });

  it('lists a failed message with its error, retries it on request (audited), then lists it sent', async () => {
    await sink.stop();
    const id = await app.enqueueMail({ to: 'client@example.com', subject: 'Your booking', text: 'Hi' }, { key: 'test:admin-retry' });
    await until(async () => (await list('?state=failed')).items.some((item) => item.id === id), 'the message failed');
    const failed = (await list()).items.find((item) => item.id === id)!;
    expect(failed).toMatchObject({ to: 'client@example.com', subject: 'Your booking', state: 'failed', sent_at: null });
    expect(failed.last_error).toMatch(/ECONNREFUSED/);
    expect((await list()).counts).toMatchObject({ failed: 1 });

    await sink.start();
    const retried = await app.inject({ method: 'POST', url: `/api/admin/mail/${id}/retry`, headers: admin });
    expect(retried.statusCode).toBe(204);
    await until(async () => (await list('?state=sent')).items.some((item) => item.id === id), 'the message sent');
    const sent = (await list('?state=sent')).items.find((item) => item.id === id)!;
    expect(sent.last_error).toBeNull();
    expect(sent.sent_at).not.toBeNull();
    expect(sink.subjects()).toEqual(['Your booking']);
    expect((await list('?state=failed')).items).toEqual([]);

    const activity = await app.inject({ method: 'GET', url: '/api/admin/activity', headers: admin });
    expect(activity.json<{ items: { action: string; entity: string; entity_id: string }[] }>().items[0]).toMatchObject({
      action: 'retry',
      entity: 'mail',
      entity_id: id,
    });
  });

  it('answers a page at a time, newest first, like the other admin lists, with the total of the chosen state', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await app.enqueueMail({ to: `page${n}@example.com`, subject: `Page ${n}`, text: 'Hi' }, { key: `test:admin-page-${n}` }))!);
    await until(async () => (await list('?state=sent&page_size=100')).items.filter((item) => ids.includes(item.id)).length === 3, 'the messages sent');
    const all = await list('?state=sent&page_size=100');
    expect(all.total).toBe(all.counts.sent);
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.items).toHaveLength(all.total);
    const first = await list('?state=sent&page_size=2');
    expect(first).toMatchObject({ page: 1, page_size: 2, total: all.total });
    expect(first.items.map((item) => item.id)).toEqual(all.items.slice(0, 2).map((item) => item.id));
    const second = await list('?state=sent&page=2&page_size=2');
    expect(second.items.map((item) => item.id)).toEqual(all.items.slice(2, 4).map((item) => item.id));
    // Without a state the total counts every message; the default page is the first 20.
    const everything = await list();
    expect(everything).toMatchObject({ page: 1, page_size: 20, total: everything.counts.pending + everything.counts.failed + everything.counts.sent });
    expect((await app.inject({ method: 'GET', url: '/api/admin/mail?page_size=101', headers: admin })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/admin/mail?limit=5', headers: admin })).statusCode).toBe(400);
  });

  it('refuses to retry a message that did not fail, and one that does not exist', async () => {
    const [sent] = (await list('?state=sent')).items;
    expect((await app.inject({ method: 'POST', url: `/api/admin/mail/${sent!.id}/retry`, headers: admin })).statusCode).toBe(409);
    expect((await app.inject({ method: 'POST', url: `/api/admin/mail/${randomUUID()}/retry`, headers: admin })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/admin/mail/not-an-id/retry', headers: admin })).statusCode).toBe(400);
  });
});
