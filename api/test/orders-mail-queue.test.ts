import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../src/db/tables';
import { mailKeys } from '../src/modules/mail/table';
import { MAIL_QUEUE } from '../src/modules/mail/queue';
import { HOLD_SWEEP_QUEUE } from '../src/modules/checkout/service';
import { ORDER_PAID_QUEUE } from '../src/modules/fulfilment/service';
import { RATE_LIMIT_SWEEP_QUEUE } from '../src/plugins/rate-limit';
import { useTestApp } from './app';
import { FAST_JOBS_ENV, jobsTargets, until, useRestartedInstances } from './jobs-helpers';
import { bookConsultation, buyer, fulfilled, getOrder, lapseHold, settle, slot, withAttachments } from './orders-helpers';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(jobsTargets())('order e-mail through the queue on $name', (target) => {
  let app: FastifyInstance;

  useTestApp(target, (built) => (app = built), { env: FAST_JOBS_ENV });
  afterEach(() => vi.restoreAllMocks());

  const keyRow = async (key: string) => (await app.database.db.select().from(mailKeys).where(eq(mailKeys.key, key)))[0];

  it('queues a paid order’s order.paid job in the payment’s transaction; rolled back, nothing is queued; its worker queues the confirmation with the invitation', async () => {
    const me = await buyer(app);
    // The payment's transaction fails right after queueing the job: all of it is undone.
    const orderPaid = app.fulfilment.orderPaid;
    const spy = vi.spyOn(app.fulfilment, 'orderPaid').mockImplementation(async (tx, row) => {
      await orderPaid(tx, row);
      throw new Error('the payment transaction fails after queueing');
    });
    const lost = (await bookConsultation(app, me, slot(3, 10))).json();
    expect((await settle(app, lost.razorpayOrderId)).statusCode).toBeGreaterThanOrEqual(500);
    expect(spy).toHaveBeenCalledTimes(1);
    expect((await getOrder(app, me, lost.id)).json().status).toBe('created');
    expect(await app.jobs.boss.findJobs(ORDER_PAID_QUEUE, { id: lost.id })).toEqual([]);
    expect(await keyRow(`order:${lost.id}:paid`)).toBeUndefined();
    spy.mockRestore();

    const paid = (await bookConsultation(app, me, slot(3, 12))).json();
    expect((await settle(app, paid.razorpayOrderId)).statusCode).toBe(200);
    expect(await app.jobs.boss.findJobs(ORDER_PAID_QUEUE, { id: paid.id })).toHaveLength(1);
    await fulfilled(app, paid.id);
    const key = await keyRow(`order:${paid.id}:paid`);
    expect(key).toBeDefined();
    const [job] = await app.jobs.boss.findJobs<{ key: string; message: { subject: string; attachments: { contentType: string }[] } }>(MAIL_QUEUE, { id: key!.jobId });
    expect(job!.data.message.subject).toContain('Booking confirmed');
    expect(job!.data.message.attachments[0]!.contentType).toContain('method=REQUEST');
    // The invitation's claim is written with the confirmation.
    const invited = rowsOf<{ invited: boolean }>(await app.database.db.execute(sql`SELECT calendar_invited_at IS NOT NULL AS invited FROM orders WHERE id = ${paid.id}`));
    expect(invited[0]!.invited).toBe(true);
  });

  it('sweeps expired holds and finished rate-limit windows as scheduled jobs', async () => {
    const schedules = (await app.jobs.boss.getSchedules()).map((schedule) => [schedule.name, schedule.cron]);
    expect(schedules).toEqual(expect.arrayContaining([[HOLD_SWEEP_QUEUE, '* * * * *'], [RATE_LIMIT_SWEEP_QUEUE, '*/10 * * * *']]));

    const me = await buyer(app);
    const held = (await bookConsultation(app, me, slot(5, 10))).json();
    await lapseHold(app, held.id);
    await app.database.db.insert(rateLimits).values({ key: 'test:finished-window', count: 3, resetAt: new Date(Date.now() - 1000) });
    // One tick of each schedule, as the clock would send it.
    await app.jobs.send(HOLD_SWEEP_QUEUE, {});
    await app.jobs.send(RATE_LIMIT_SWEEP_QUEUE, {});
    await until(async () => (await getOrder(app, me, held.id)).json().status === 'expired', 'the hold swept');
    await until(
      async () => (await app.database.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:finished-window'))).length === 0,
      'the window swept',
    );
  });
});

const BOOKINGS = 3;

/**
 * Issue 29's first target, in process: the mail server is down while bookings are paid, the api
 * stops without finishing its work and another starts on the same database, then the mail server
 * comes back: every confirmation, with its invitation, arrives once.
 */
describe.each(jobsTargets())('confirmations while the mail server is down and the api restarts, on $name', (target) => {
  const { sink, start } = useRestartedInstances(target);

  it('delivers all confirmations with their .ics invitations once the server is back, none twice', { timeout: 90_000 }, async () => {
    const first = await start();
    const orderIds: string[] = [];
    for (let n = 0; n < BOOKINGS; n++) {
      const me = await buyer(first);
      const created = (await bookConsultation(first, me, slot(2 + n, 10))).json();
      expect((await settle(first, created.razorpayOrderId)).statusCode).toBe(200);
      orderIds.push(created.id);
    }
    const refused = async (app: FastifyInstance) =>
      rowsOf<{ n: number }>(
        await app.database.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data->>'key' LIKE 'order:%:paid' AND retry_count >= 1 AND output->>'message' LIKE '%ECONNREFUSED%'`),
      )[0]!.n;
    await until(async () => (await refused(first)) === BOOKINGS, 'each confirmation refused once');
    expect(sink.received).toEqual([]);

    // The first api stops at once, without waiting for its work; another starts on the same database.
    await first.jobs.boss.stop({ graceful: false, close: false });
    const second = await start();
    await sink.start();

    const confirmations = () => sink.received.filter((raw) => /^Subject: Booking confirmed/m.test(raw));
    await until(() => confirmations().length >= BOOKINGS, 'every confirmation delivered', 60_000);
    const done = async () =>
      rowsOf<{ n: number }>(
        await second.database.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data->>'key' LIKE 'order:%:paid' AND state = 'completed'`),
      )[0]!.n;
    // Each booking's confirmation (the consultancy's own notices go beside them).
    await until(async () => (await done()) === BOOKINGS, 'every confirmation job completed');
    for (const id of orderIds) {
      const mails = confirmations().map(withAttachments).filter((mail) => mail.includes(`UID:order-${id}@tinytitans.ai`));
      expect(mails, `order ${id}`).toHaveLength(1);
      expect(mails[0]).toContain('METHOD:REQUEST');
    }
    expect(confirmations()).toHaveLength(BOOKINGS);
  });
});
