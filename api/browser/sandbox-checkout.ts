/**
 * The sandbox's stand-in for Razorpay Checkout (checkout.js), served at
 * /api/payments/sandbox/checkout.js: the same client API (`new Razorpay(options).open()`,
 * `options.handler`, `options.modal.ondismiss`, `rzp.on('payment.failed', cb)`), a dialog named
 * "Sandbox checkout" with the amount in rupees and Pay / Fail payment / Close, over the page dimmed.
 * Pay and Fail ask the api to settle the order, which signs the answer like Razorpay and delivers
 * the matching signed webhook. Built into one script by the api's build (scripts/browser-scripts.mjs).
 */

import { formatPaise } from '@site/shared/money';
import { brandLightColors as light } from '@site/shared/site-config';

interface CheckoutOptions {
  order_id?: string;
  amount?: number;
  name?: string;
  description?: string;
  prefill?: { email?: string };
  handler?: (response: unknown) => void;
  modal?: { ondismiss?: () => void };
}

interface SettleAnswer {
  response?: unknown;
  error?: unknown;
  message?: string;
}

type Listener = (payload: unknown) => void;

const script = document.currentScript as HTMLScriptElement | null;
const settleUrl = new URL('/api/payments/sandbox/settle', script?.src || window.location.href).href;

function el(tag: string, attrs: Record<string, string> = {}, text?: string): HTMLElement {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

/** As the site writes rupees everywhere. */
const rupees = (paise: unknown) => formatPaise(Number(paise || 0));

class Razorpay {
  private readonly options: CheckoutOptions;
  private readonly listeners: Record<string, Listener[]> = {};
  private dialog: HTMLDialogElement | null = null;

  constructor(options?: CheckoutOptions) {
    this.options = options || {};
  }

  on(event: string, callback: Listener): void {
    (this.listeners[event] ??= []).push(callback);
  }

  private emit(event: string, payload: unknown): void {
    for (const callback of this.listeners[event] ?? []) callback(payload);
  }

  close(): void {
    if (!this.dialog) return;
    const dialog = this.dialog;
    this.dialog = null;
    if (dialog.open) dialog.close();
    dialog.remove();
  }

  open(): void {
    const options = this.options;
    if (this.dialog) return;
    const dialog = el('dialog', { 'aria-labelledby': 'sandbox-checkout-title', 'aria-describedby': 'sandbox-checkout-note', 'data-sandbox-checkout': '' }) as HTMLDialogElement;
    dialog.style.cssText = `max-width:24rem;width:calc(100% - 2rem);padding:1.5rem;border:0;border-radius:12px;font:16px/1.5 system-ui,sans-serif;color:${light.text};background:${light.surface};box-shadow:0 10px 40px rgba(0,0,0,.35)`;
    const badge = el('p', { 'data-test-mode': '' }, 'Test mode');
    badge.style.cssText = 'display:inline-block;margin:0 0 .5rem;padding:.125rem .5rem;border-radius:999px;background:#fde68a;color:#713f12;font-weight:700;font-size:.875rem';
    const title = el('h2', { id: 'sandbox-checkout-title' }, 'Sandbox checkout');
    title.style.cssText = 'margin:0 0 .5rem;font-size:1.25rem';
    dialog.appendChild(badge);
    const note = el('p', { id: 'sandbox-checkout-note' }, 'Test payment: no real money moves.');
    note.style.cssText = `margin:0 0 1rem;color:${light.textMuted}`;
    dialog.appendChild(title);
    dialog.appendChild(note);
    if (options.name) dialog.appendChild(el('p', {}, String(options.name)));
    if (options.description) dialog.appendChild(el('p', {}, String(options.description)));
    const amount = el('p', { 'data-amount': '' }, `Amount: ${rupees(options.amount)}`);
    amount.style.cssText = 'font-weight:700;font-size:1.125rem';
    dialog.appendChild(amount);
    if (options.prefill?.email) dialog.appendChild(el('p', {}, `E-mail: ${String(options.prefill.email)}`));
    const status = el('p', { role: 'status', 'aria-live': 'polite' });
    status.style.cssText = 'min-height:1.5em;color:#b00020';
    const row = el('div');
    row.style.cssText = 'display:flex;gap:.5rem;flex-wrap:wrap;margin-top:1rem';
    const pay = el('button', { type: 'button' }, 'Pay') as HTMLButtonElement;
    const fail = el('button', { type: 'button' }, 'Fail payment') as HTMLButtonElement;
    const close = el('button', { type: 'button' }, 'Close') as HTMLButtonElement;
    for (const button of [pay, fail, close]) {
      button.style.cssText = `padding:.5rem 1rem;border-radius:8px;border:1px solid ${light.textMuted};background:${light.surface};color:${light.text};cursor:pointer;font:inherit`;
      row.appendChild(button);
    }
    pay.style.background = light.link;
    pay.style.color = light.surface;
    dialog.appendChild(row);
    dialog.appendChild(status);

    const busy = (on: boolean) => {
      pay.disabled = on;
      fail.disabled = on;
    };

    const settle = async (outcome: 'paid' | 'failed'): Promise<SettleAnswer> => {
      busy(true);
      status.textContent = outcome === 'paid' ? 'Processing payment\u2026' : 'Failing payment\u2026';
      const res = await fetch(settleUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ razorpay_order_id: options.order_id, outcome }),
      });
      const body = (await res.json()) as SettleAnswer | null;
      if (!res.ok) throw new Error(body?.message ? body.message : 'The sandbox could not settle this payment.');
      return body ?? {};
    };

    const failed = (error: Error) => {
      busy(false);
      status.textContent = error.message;
    };

    pay.addEventListener('click', () => {
      settle('paid').then((body) => {
        this.close();
        if (typeof options.handler === 'function') options.handler(body.response);
      }, failed);
    });

    fail.addEventListener('click', () => {
      settle('failed').then((body) => {
        busy(false);
        status.textContent = 'Payment failed. You can try again or close.';
        this.emit('payment.failed', { error: body.error });
      }, failed);
    });

    const dismiss = () => {
      this.close();
      if (typeof options.modal?.ondismiss === 'function') options.modal.ondismiss();
    };
    close.addEventListener('click', dismiss);
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      dismiss();
    });

    // The page behind dims, as behind Razorpay's own checkout (a dialog's default backdrop is nearly clear).
    if (!document.getElementById('sandbox-checkout-style')) {
      const style = el('style', { id: 'sandbox-checkout-style' });
      style.textContent = 'dialog[data-sandbox-checkout]::backdrop{background:rgba(3,6,18,.72)}';
      document.head.appendChild(style);
    }
    this.dialog = dialog;
    document.body.appendChild(dialog);
    dialog.showModal();
    pay.focus();
  }
}

(window as unknown as { Razorpay: typeof Razorpay }).Razorpay = Razorpay;
