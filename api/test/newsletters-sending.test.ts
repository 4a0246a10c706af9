import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MailList } from '@site/shared/contracts/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUE } from '../src/modules/mail/queue';
import { BATCH_TIMEOUT_SECONDS, SEND_BATCH_QUEUE } from '../src/modules/newsletters/sending';
import { adminHeaders, createBlog, uniqueSlug, userHeaders } from './content-helpers';
import { useTestApp } from './app';
import { FAST_JOBS_ENV, jobsTargets, until, useRestartedInstances } from './jobs-helpers';
import { SmtpSink } from '@site/test-support/smtp-sink';
import { decodeQp, nextMail, outbox } from './outbox';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `n` subscribers named `<prefix>-<i>@example.com`, confirmed unless said otherwise. */
async function addSubscribers(app: FastifyInstance, prefix: string, n: number, confirmed = true) {
  await app.database.db.execute(sql`
    INSERT INTO newsletter_subscriptions (email, unsubscribe_token_hash, confirmed_at)
    SELECT ${prefix} || '-' || g || '@example.com', md5(${prefix} || g), ${confirmed ? sql`now()` : sql`NULL`}
    FROM generate_series(1, ${n}) AS g`);
}

const progress = async (app: FastifyInstance, id: string) =>
  (await app.inject({ method: 'GET', url: `/api/admin/blogs/${id}/newsletter`, headers: adminHeaders(app) })).json() as {
    status: string;
    total: number;
    queued: number;
    sent: number;
    failed: number;
  };
const send = (app: FastifyInstance, id: string, headers = adminHeaders(app)) =>
  app.inject({ method: 'POST', url: `/api/admin/blogs/${id}/newsletter/send`, headers });

describe.each(jobsTargets())('sending a post to the newsletter on $name', (target) => {
  let app: FastifyInstance;

  useTestApp(target, (built) => (app = built), { env: { ...FAST_JOBS_ENV, NEWSLETTER_BATCH_SIZE: '2', NEWSLETTER_SEND_RATE: '50' } });

  it('tests to one address, then sends each confirmed subscriber one message with its own one-click unsubscribe, showing progress', async () => {
    await addSubscribers(app, 'reader', 5);
    await addSubscribers(app, 'pending', 2, false);
    const post = await createBlog(app, { title: 'Agents that file invoices', slug: uniqueSlug('newsletter'), summary: 'What we learned.' });

    expect((await app.inject({ method: 'POST', url: `/api/admin/blogs/${post.id}/newsletter/test`, headers: userHeaders(app), payload: { email: 'me@example.com' } })).statusCode).toBe(403);
    const test = await app.inject({ method: 'POST', url: `/api/admin/blogs/${post.id}/newsletter/test`, headers: adminHeaders(app), payload: { email: 'Me@Example.com' } });
    expect(test.statusCode).toBe(202);
    expect(await nextMail(app, (m) => m.includes('To: me@example.com'))).toContain('Subject: [Test] Agents that file invoices');
    expect(await progress(app, post.id)).toMatchObject({ status: 'none' });

    expect((await send(app, post.id, userHeaders(app))).statusCode).toBe(403);
    const started = await send(app, post.id);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ status: 'sending', total: 5 });
    expect((await send(app, post.id)).json()).toMatchObject({ error: 'already_sent' });
    await until(async () => (await progress(app, post.id)).status === 'sent', 'the send finished');
    expect(await progress(app, post.id)).toMatchObject({ status: 'sent', total: 5, queued: 5, sent: 5, failed: 0 });

    const mails = (await outbox(app)).map(decodeQp).filter((m) => m.includes('Subject: Agents that file invoices'));
    const recipients = mails.map((m) => /^To: (.*)$/m.exec(m)![1]).sort();
    expect(recipients).toEqual([1, 2, 3, 4, 5].map((i) => `reader-${i}@example.com`).sort());
    const one = mails.find((m) => m.includes('To: reader-3@example.com'))!;
    expect(one).toContain('What we learned.');
    expect(one).toContain(`/blog/${post.slug}`);
    expect(one).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = /^List-Unsubscribe: <https?:\/\/[^/]+(\/api\/newsletters\/unsubscribe\?token=s_[\w-]+)>$/m.exec(one)![1]!;
    // Each link is its subscriber's own.
    expect(mails.filter((m) => m.includes(link))).toHaveLength(1);
    expect((await app.inject({ method: 'POST', url: link })).statusCode).toBe(200);
    const status = rowsOf<{ status: string }>(await app.database.db.execute(sql`SELECT status FROM newsletter_subscriptions WHERE email = 'reader-3@example.com'`));
    expect(status[0]!.status).toBe('unsubscribed');
  });

  it("answers 404 for an unknown post's progress, and 'none' for a post never sent", async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/admin/blogs/00000000-0000-4000-8000-000000000000/newsletter', headers: adminHeaders(app) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
    const post = await createBlog(app, { slug: uniqueSlug('unsent') });
    expect((await progress(app, post.id)).status).toBe('none');
  });

  it('sends only a public post', async () => {
    const draft = await createBlog(app, { slug: uniqueSlug('draft'), status: 'draft' });
    const later = await createBlog(app, { slug: uniqueSlug('later'), published_at: new Date(Date.now() + 3_600_000).toISOString() });
    for (const post of [draft, later]) {
      const res = await send(app, post.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'not_sendable' });
    }
  });
});

/**
 * An address the mail server refuses for good: its message fails after its retries, and the send
 * still ends (with the failure counted) instead of showing "sending" for ever.
 */
describe.each(jobsTargets())('a newsletter send with an address the mail server refuses, on $name', (target) => {
  const sink = new SmtpSink();
  let app: FastifyInstance;

  beforeAll(() => sink.start());
  afterAll(() => sink.stop());
  useTestApp(target, (built) => (app = built), () => ({
    env: { ...FAST_JOBS_ENV, SMTP_URL: sink.url, MAIL_RETRY_LIMIT: '1', NEWSLETTER_BATCH_SIZE: '2', NEWSLETTER_SEND_RATE: '50' },
  }));

  const settled = async (id: string) => {
    let last = await progress(app, id);
    await until(async () => (last = await progress(app, id)).status !== 'sending', 'the send settled', 60_000);
    return last;
  };
  const failedMail = async () =>
    (await app.inject({ method: 'GET', url: '/api/admin/mail?state=failed', headers: adminHeaders(app) })).json<MailList>().items;

  it('ends with the given-up message counted, and sent once Admin → Mail retries it', async () => {
    await addSubscribers(app, 'refusing', 3);
    sink.refused.add('refusing-2@example.com');
    const post = await createBlog(app, { title: 'A post for a refusing server', slug: uniqueSlug('refused') });
    expect((await send(app, post.id)).statusCode).toBe(202);

    expect(await settled(post.id)).toMatchObject({ status: 'sent_with_failures', total: 3, queued: 3, sent: 2, failed: 1 });
    const [given] = (await failedMail()).filter((item) => item.subject === 'A post for a refusing server');
    expect(given).toMatchObject({ to: 'refusing-2@example.com', retries: 1 });
    expect(given!.last_error).toMatch(/550/);

    // The address works again; Admin → Mail's retry sends it and the send is then complete.
    sink.refused.clear();
    expect((await app.inject({ method: 'POST', url: `/api/admin/mail/${given!.id}/retry`, headers: adminHeaders(app) })).statusCode).toBe(204);
    await until(async () => (await progress(app, post.id)).status === 'sent', 'the retried message sent', 60_000);
    expect(await progress(app, post.id)).toMatchObject({ status: 'sent', queued: 3, sent: 3, failed: 0 });
    expect(sink.subjects().filter((subject) => subject === 'A post for a refusing server')).toHaveLength(3);
  });

  it('still counts a given-up message once its job is deleted after the days it is kept', async () => {
    sink.refused.add('refusing-3@example.com');
    const post = await createBlog(app, { title: 'Another post for a refusing server', slug: uniqueSlug('refused') });
    expect((await send(app, post.id)).statusCode).toBe(202);
    expect(await settled(post.id)).toMatchObject({ status: 'sent_with_failures', sent: 2, failed: 1 });
    const [given] = (await failedMail()).filter((item) => item.subject === 'Another post for a refusing server');
    await app.database.db.execute(sql`DELETE FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND id = ${given!.id}::uuid`);
    expect(await progress(app, post.id)).toMatchObject({ status: 'sent_with_failures', queued: 3, sent: 2, failed: 1 });
  });
});

const LIST = 1000;

/**
 * Issue 29's second target, in process: the api stops without finishing while a post goes to 1,000
 * subscribers (some batches queued, none sent: the mail server is down), another instance takes
 * over on the same database, the mail server comes back: each subscriber has the post exactly once.
 */
describe.each(jobsTargets())('a newsletter send that stops half-way and resumes, on $name', (target) => {
  const { sink, start } = useRestartedInstances(target);

  it(`delivers the post to each of ${LIST} subscribers once`, { timeout: 300_000 }, async () => {
    const sending = { NEWSLETTER_BATCH_SIZE: '100', NEWSLETTER_SEND_RATE: '50' };
    const first = await start({ ...sending, MAIL_RETRY_DELAY_SECONDS: '5', MAIL_RETRY_DELAY_MAX_SECONDS: '5' });
    await addSubscribers(first, 'list', LIST);
    const post = await createBlog(first, { title: 'The big one', slug: uniqueSlug('big') });
    expect((await send(first, post.id)).statusCode).toBe(202);

    // Stopped half-way: some batches queued, the next one not begun.
    const active = async (queue: string) =>
      rowsOf<{ n: number }>(await first.database.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${queue} AND state = 'active'`))[0]!.n;
    await until(async () => {
      const { queued } = await progress(first, post.id);
      return queued >= 300 && queued < LIST && (await active(SEND_BATCH_QUEUE)) === 0;
    }, 'a send half-way', 90_000);
    await first.jobs.boss.stop({ graceful: false, close: false });
    expect(sink.received).toEqual([]);
    // The messages it was trying when it stopped come back for another instance, as pg-boss's
    // expiry does after SEND_TIMEOUT_SECONDS (not waited for here).
    await first.database.db.execute(sql`UPDATE pgboss.job SET state = 'retry', start_after = now() WHERE name = ${MAIL_QUEUE} AND state = 'active'`);

    const second = await start(sending);
    await sink.start();
    await until(async () => (await progress(second, post.id)).status === 'sent', 'every message sent', 240_000);
    const perRecipient = new Map<string, number>();
    for (const raw of sink.received) {
      const to = /^To: (.*)$/m.exec(raw)![1]!.trim();
      perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    expect(perRecipient.size).toBe(LIST);
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
    expect(await progress(second, post.id)).toMatchObject({ status: 'sent', total: LIST, queued: LIST, sent: LIST });
  });
});

/**
 * A batch in hand when its instance is killed (SIGKILL leaves its job 'active') is retried once it
 * expires, BATCH_TIMEOUT_SECONDS after it began, not after pg-boss's default 15 minutes: the
 * restarted instance finishes the send within about a minute (30 s expiry, up to 20 s until the
 * supervision sees it, up to 10 s retry delay; the deadline leaves room for a loaded machine).
 */
const RESUMED_WITHIN_MS = 90_000;

describe.each(jobsTargets())('a newsletter send whose batch a killed instance held, on $name', (target) => {
  const { sink, start } = useRestartedInstances(target);

  it('is taken up again and sent within about a minute of the kill', { timeout: 150_000 }, async () => {
    // This instance queues the send but works no jobs: it stands for the one killed mid-batch.
    const first = await start({ JOBS_WORKER: '0' });
    await addSubscribers(first, 'held', 3);
    const post = await createBlog(first, { title: 'A post held by a killed instance', slug: uniqueSlug('held') });
    expect((await send(first, post.id)).statusCode).toBe(202);
    const claimed = await first.database.db.execute(
      sql`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE name = ${SEND_BATCH_QUEUE} AND state = 'created' RETURNING expire_seconds`,
    );
    expect(rowsOf<{ expire_seconds: number }>(claimed)).toEqual([{ expire_seconds: BATCH_TIMEOUT_SECONDS }]);
    await first.jobs.boss.stop({ graceful: false, close: false });
    const killed = Date.now();

    const second = await start();
    await sink.start();
    await until(async () => (await progress(second, post.id)).status === 'sent', 'the send finished after the restart', RESUMED_WITHIN_MS);
    expect(Date.now() - killed).toBeLessThan(RESUMED_WITHIN_MS);
    expect(sink.subjects().filter((subject) => subject === 'A post held by a killed instance')).toHaveLength(3);
  });
});
