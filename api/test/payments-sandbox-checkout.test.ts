import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { bookConsultation, buyer, getOrder, slot, verify } from './orders-helpers';

/** The little of the DOM these tests touch (the api compiles without the DOM's types). */
interface El {
  textContent: string | null;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): ArrayLike<El>;
  click(): void;
}
interface Checkout {
  open(): void;
  on(event: string, callback: (response: unknown) => void): void;
}
interface PageWindow {
  document: { querySelector(selector: string): El | null; querySelectorAll(selector: string): ArrayLike<El>; getElementById(id: string): El | null };
  eval(code: string): void;
  HTMLDialogElement: { prototype: { showModal(this: El): void; close(this: El): void } };
  Razorpay: new (options: object) => Checkout;
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string, options: object) => { window: PageWindow } };

interface CheckoutResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

describe.each(testDatabases())('sandbox checkout script on $name', (target) => {
  let app: FastifyInstance;
  let script: string;

  useTestApp(target, (built) => (app = built));
  beforeAll(async () => {
    const res = await app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/javascript');
    script = res.body;
  });

  /** A page that loaded the script from the site, whose fetch reaches the api. */
  function page() {
    const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost:3000/', runScripts: 'outside-only' });
    const { window } = dom;
    // jsdom has no fetch or modal dialogs: the browser's own parts, stood in for here.
    Object.assign(window, {
      fetch: async (url: string, init: { method: string; body: string }) => {
        const res = await app.inject({ method: init.method as 'POST', url: new URL(url).pathname, headers: { 'content-type': 'application/json' }, payload: init.body });
        return { ok: res.statusCode < 300, json: async () => res.json() };
      },
    });
    window.HTMLDialogElement.prototype.showModal = function (this: El) {
      this.setAttribute('open', '');
    };
    window.HTMLDialogElement.prototype.close = function (this: El) {
      this.removeAttribute('open');
    };
    window.eval(script);
    return window;
  }

  const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000 });

  it("opens a dialog named Sandbox checkout with the amount in rupees; Pay hands Checkout's three signed fields to the handler", async () => {
    const me = await buyer(app);
    const order = (await bookConsultation(app, me, slot(3, 10))).json();
    const window = page();
    let paid: CheckoutResponse | undefined;
    const { Razorpay } = window;
    new Razorpay({ key: order.keyId, amount: order.amount, currency: 'INR', order_id: order.razorpayOrderId, name: 'Starter Strategy Call', prefill: { email: me.email }, handler: (r: CheckoutResponse) => (paid = r) }).open();
    const dialog = window.document.querySelector('dialog')!;
    const title = window.document.getElementById(dialog.getAttribute('aria-labelledby')!)!;
    expect(title.textContent).toBe('Sandbox checkout');
    expect(dialog.querySelector('[data-test-mode]')?.textContent).toBe('Test mode');
    expect(dialog.textContent).toMatch(/₹1,200(?![.\d])/);
    const buttons = Array.from(dialog.querySelectorAll('button')).map((b) => b.textContent);
    expect(buttons).toEqual(['Pay', 'Fail payment', 'Close']);
    dialog.querySelector('button')!.click();
    await until(() => paid !== undefined);
    expect(window.document.querySelector('dialog')).toBeNull();
    expect(paid!.razorpay_order_id).toBe(order.razorpayOrderId);
    expect((await verify(app, me, { ...paid! })).json().status).toBe('paid');
  });

  it('Fail payment reports payment.failed and keeps the dialog; Close calls ondismiss', async () => {
    const me = await buyer(app);
    const order = (await bookConsultation(app, me, slot(3, 12))).json();
    const window = page();
    const failures: unknown[] = [];
    let dismissed = false;
    const { Razorpay } = window;
    const checkout = new Razorpay({ amount: order.amount, order_id: order.razorpayOrderId, handler: () => {}, modal: { ondismiss: () => (dismissed = true) } });
    checkout.on('payment.failed', (r) => failures.push(r));
    checkout.open();
    const [, fail, close] = Array.from(window.document.querySelectorAll('dialog button'));
    fail!.click();
    await until(() => failures.length === 1);
    expect(failures[0]).toMatchObject({ error: { reason: 'payment_failed', metadata: { order_id: order.razorpayOrderId } } });
    expect((await getOrder(app, me, order.id)).json().status).toBe('failed');
    close!.click();
    expect(dismissed).toBe(true);
    expect(window.document.querySelector('dialog')).toBeNull();
  });
});
