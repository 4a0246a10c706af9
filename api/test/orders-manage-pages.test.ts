import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { nextMail } from './outbox';
import { bookConsultation, buyer, createOrder, getOrder, settle, slot, STARTER, type TestBuyer } from './orders-helpers';

/** The datetime-local value (IST wall clock) of an instant. */
const istLocal = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 16);
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;

describe.each(testDatabases())('the signed booking pages on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  async function paidBooking(who: TestBuyer, start: string) {
    const created = (await bookConsultation(app, who, start)).json();
    expect((await settle(app, created.razorpayOrderId)).statusCode).toBe(200);
    return (await getOrder(app, who, created.id)).json() as { id: string; start_time: string; cancel_url: string; reschedule_url: string; receipt_url: string };
  }

  it('refuses to move a booking into the next 24 hours with a 4xx page that keeps the form', async () => {
    const me = await buyer(app);
    const order = await paidBooking(me, slot(6, 10));
    const token = tokenOf(order.reschedule_url);
    for (const hours of [5, 23.5]) {
      const value = istLocal(Date.now() + hours * 3_600_000);
      const res = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/reschedule`, payload: { token, start: value } });
      expect(res.statusCode, `${hours} h ahead`).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('can only be moved to a time more than 24 hours ahead');
      expect(res.body).toContain('role="alert"');
      expect(res.body).toContain('<label for="start">New date and time (IST)</label>');
      expect(res.body).toContain('<select id="start" name="start" aria-invalid="true"');
    }
    expect((await getOrder(app, me, order.id)).json().start_time).toBe(order.start_time);
    // The page offers only free times past the cutoff, on the days that have any.
    const form = await app.inject({ method: 'GET', url: order.reschedule_url });
    const offered = [...form.body.matchAll(/<option value="(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})"/g)].map((m) => m[1]!);
    expect(offered.length).toBeGreaterThan(0);
    for (const value of offered) expect(Date.parse(`${value}:00+05:30`) - Date.now()).toBeGreaterThan(24 * 3_600_000);
  });

  it("offers each free time in IST and, for a buyer who booked from another zone, in their own time too", async () => {
    const me = await buyer(app);
    const created = (await createOrder(app, me, { package_id: STARTER.id, amount: STARTER.price, start_time: slot(11, 11), email: me.email, time_zone: 'Europe/London' })).json();
    expect((await settle(app, created.razorpayOrderId)).statusCode).toBe(200);
    const order = (await getOrder(app, me, created.id)).json() as { reschedule_url: string };
    const form = (await app.inject({ method: 'GET', url: order.reschedule_url })).body;
    const options = [...form.matchAll(/<option value="(\d{4}-\d{2}-\d{2}T(\d{2}):(\d{2}))"[^>]*>([^<]+)</g)];
    expect(options.length).toBeGreaterThan(0);
    for (const [, , hour, minute, label] of options) {
      // London is 5:30 (winter) or 4:30 (summer) behind India.
      const ist = Number(hour) * 60 + Number(minute);
      const london = [ist - 330, ist - 270].map((m) => `${((Math.floor(m / 60) + 11) % 12) + 1}:${String(m % 60).padStart(2, '0')} ${m >= 720 ? 'PM' : 'AM'} London`);
      expect(label).toMatch(/^\d{1,2}:\d{2} [AP]M IST · /);
      expect(london.some((text) => label!.endsWith(text)), label).toBe(true);
    }
    // A buyer in India sees IST alone.
    const indian = await paidBooking(await buyer(app), slot(11, 14));
    const plain = (await app.inject({ method: 'GET', url: indian.reschedule_url })).body;
    expect(plain).toMatch(/<option value="[^"]+"[^>]*>\d{1,2}:\d{2} [AP]M IST</);
  });

  it('says a cancelled booking is already cancelled, on its cancel and reschedule links', async () => {
    const me = await buyer(app);
    const order = await paidBooking(me, slot(6, 12));
    const token = tokenOf(order.cancel_url);
    const cancelled = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, payload: { token } });
    expect(cancelled.statusCode).toBe(200);
    for (const url of [order.cancel_url, order.reschedule_url]) {
      const again = await app.inject({ method: 'GET', url });
      expect(again.statusCode).toBe(409);
      expect(again.body).toContain('This booking is already cancelled');
    }
    const twice = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, payload: { token } });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain('already cancelled');
  });

  it('answers a link cut short or mangled with a page in words, and ignores what a mail client adds to it', async () => {
    const me = await buyer(app);
    const order = await paidBooking(me, slot(7, 11));
    const id = order.id;
    for (const url of [`/api/orders/${id}/receipt`, `/api/orders/${id.slice(0, 20)}/cancel?token=${tokenOf(order.cancel_url)}`, `/api/orders/${id}/reschedule?token=${'x'.repeat(300)}`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('This link is not complete.');
      expect(res.body).not.toContain('validation_error');
    }
    const tracked = await app.inject({ method: 'GET', url: `${order.cancel_url}&utm_source=newsletter&utm_medium=email` });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.body).toContain('Cancel booking');
  });

  it("wears the site's look without scripts: favicon, brand header, dark colours", async () => {
    const me = await buyer(app);
    const order = await paidBooking(me, slot(6, 14));
    const res = await app.inject({ method: 'GET', url: order.cancel_url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(res.body).toMatch(/<header><div><a href="\/"><img src="\/favicon.svg" alt=""[^>]*\/>[^<]+<\/a>/);
    expect(res.body).toContain('background:#0b1020');
    expect(res.body).not.toContain('<script');
  });

  it('a paid order has a printable receipt, linked from the confirmation e-mail; an unpaid one has none', async () => {
    const me = await buyer(app);
    const order = await paidBooking(me, slot(6, 16));
    const mail = await nextMail(app, (m) => m.includes(me.email) && m.includes('Booking confirmed') && m.includes(order.id));
    const link = /Receipt \(printable\): (\S+)/.exec(mail)![1]!;
    expect(new URL(link).pathname + new URL(link).search).toBe(order.receipt_url);
    const receipt = await app.inject({ method: 'GET', url: order.receipt_url });
    expect(receipt.statusCode).toBe(200);
    for (const part of [order.id, 'Starter Strategy Call', '₹1,200</strong>', 'Date paid', 'Residency Road', 'hello@tinytitans.ai', '@media print']) {
      expect(receipt.body).toContain(part);
    }
    // Numbered in the order payments were taken, and made out to the buyer.
    expect(receipt.body).toMatch(/<dt>Receipt number<\/dt><dd>R-\d{6}<\/dd>/);
    expect(receipt.body).toContain(`<dt>Billed to</dt><dd>${me.email.split('@')[0]}<br/>${me.email}</dd>`);
    const second = await paidBooking(me, slot(8, 16));
    const numberOf = async (url: string) => Number(/R-(\d{6})/.exec((await app.inject({ method: 'GET', url })).body)![1]);
    expect(await numberOf(second.receipt_url)).toBe((await numberOf(order.receipt_url)) + 1);
    // No tax or seller details are invented when the consultancy has set none.
    expect(receipt.body).not.toContain('GSTIN');
    expect(receipt.body).not.toContain('Taxable value');
    const forged = await app.inject({ method: 'GET', url: `/api/orders/${order.id}/receipt?token=x` });
    expect(forged.statusCode).toBe(404);
    const unpaid = (await bookConsultation(app, me, slot(6, 17))).json();
    expect((await getOrder(app, me, unpaid.id)).json().receipt_url).toBeNull();
  });
});

describe.each(testDatabases().slice(0, 1))('a receipt with the consultancy\'s tax details ($name)', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), {
    env: { RECEIPT_LEGAL_NAME: 'Tiny Titans Technologies LLP', RECEIPT_ADDRESS: '12 Residency Road\nBengaluru 560025', RECEIPT_GSTIN: '29ABCDE1234F1Z5', RECEIPT_SAC: '998311', RECEIPT_TAX_PERCENT: '18' },
  });

  it('names the legal seller, its GSTIN and the SAC code, and the GST included in the price', async () => {
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(9, 10))).json();
    expect((await settle(app, created.razorpayOrderId)).statusCode).toBe(200);
    const order = (await getOrder(app, me, created.id)).json() as { receipt_url: string };
    const receipt = (await app.inject({ method: 'GET', url: order.receipt_url })).body;
    // ₹1,200 with 18% GST in it: ₹1,016.95 taxable, ₹183.05 tax.
    for (const part of ['<strong>Tiny Titans Technologies LLP</strong><br/>12 Residency Road<br/>Bengaluru 560025', 'GSTIN 29ABCDE1234F1Z5', 'SAC 998311', '<dt>Taxable value</dt><dd>₹1,016.95</dd>', '<dt>GST (18%, included)</dt><dd>₹183.05</dd>', '₹1,200</strong>']) {
      expect(receipt).toContain(part);
    }
  });
});
