/**
 * The sandbox's stand-in for Razorpay Checkout (checkout.js): the same client API
 * (`new Razorpay(options).open()`, `options.handler`, `options.modal.ondismiss`,
 * `rzp.on('payment.failed', cb)`), a dialog named "Sandbox checkout" with the amount in rupees
 * and Pay / Fail payment / Close, over the page dimmed. Pay and Fail ask the api to settle the order, which signs the
 * answer like Razorpay and delivers the matching signed webhook.
 */
export const SANDBOX_CHECKOUT_JS = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var settleUrl = new URL('/api/payments/sandbox/settle', script && script.src ? script.src : window.location.href).href;

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text) node.textContent = text;
    return node;
  }

  function rupees(paise) {
    // As the site writes rupees (shared money.ts): Indian grouping, paise only when not zero.
    var amount = Number(paise || 0);
    return '\u20b9' + (amount / 100).toLocaleString('en-IN', { minimumFractionDigits: amount % 100 ? 2 : 0, maximumFractionDigits: 2 });
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this.listeners = {};
    this.dialog = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) { callback(payload); });
  };

  Razorpay.prototype.close = function () {
    if (!this.dialog) return;
    var dialog = this.dialog;
    this.dialog = null;
    if (dialog.open) dialog.close();
    dialog.remove();
  };

  Razorpay.prototype.open = function () {
    var self = this;
    var options = this.options;
    if (this.dialog) return;
    var dialog = el('dialog', { 'aria-labelledby': 'sandbox-checkout-title', 'aria-describedby': 'sandbox-checkout-note', 'data-sandbox-checkout': '' });
    dialog.style.cssText = 'max-width:24rem;width:calc(100% - 2rem);padding:1.5rem;border:0;border-radius:12px;font:16px/1.5 system-ui,sans-serif;color:#111;background:#fff;box-shadow:0 10px 40px rgba(0,0,0,.35)';
    var badge = el('p', { 'data-test-mode': '' }, 'Test mode');
    badge.style.cssText = 'display:inline-block;margin:0 0 .5rem;padding:.125rem .5rem;border-radius:999px;background:#fde68a;color:#713f12;font-weight:700;font-size:.875rem';
    var title = el('h2', { id: 'sandbox-checkout-title' }, 'Sandbox checkout');
    title.style.cssText = 'margin:0 0 .5rem;font-size:1.25rem';
    dialog.appendChild(badge);
    var note = el('p', { id: 'sandbox-checkout-note' }, 'Test payment: no real money moves.');
    note.style.cssText = 'margin:0 0 1rem;color:#444';
    dialog.appendChild(title);
    dialog.appendChild(note);
    if (options.name) dialog.appendChild(el('p', {}, String(options.name)));
    if (options.description) dialog.appendChild(el('p', {}, String(options.description)));
    var amount = el('p', { 'data-amount': '' }, 'Amount: ' + rupees(options.amount));
    amount.style.cssText = 'font-weight:700;font-size:1.125rem';
    dialog.appendChild(amount);
    if (options.prefill && options.prefill.email) dialog.appendChild(el('p', {}, 'E-mail: ' + String(options.prefill.email)));
    var status = el('p', { role: 'status', 'aria-live': 'polite' });
    status.style.cssText = 'min-height:1.5em;color:#b00020';
    var row = el('div');
    row.style.cssText = 'display:flex;gap:.5rem;flex-wrap:wrap;margin-top:1rem';
    var pay = el('button', { type: 'button' }, 'Pay');
    var fail = el('button', { type: 'button' }, 'Fail payment');
    var close = el('button', { type: 'button' }, 'Close');
    [pay, fail, close].forEach(function (button) {
      button.style.cssText = 'padding:.5rem 1rem;border-radius:8px;border:1px solid #333;background:#fff;color:#111;cursor:pointer;font:inherit';
      row.appendChild(button);
    });
    pay.style.background = '#1a56db';
    pay.style.color = '#fff';
    dialog.appendChild(row);
    dialog.appendChild(status);

    function busy(on) {
      pay.disabled = on;
      fail.disabled = on;
    }

    function settle(outcome) {
      busy(true);
      status.textContent = outcome === 'paid' ? 'Processing payment\u2026' : 'Failing payment\u2026';
      return fetch(settleUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ razorpay_order_id: options.order_id, outcome: outcome }),
      }).then(function (res) {
        return res.json().then(function (body) {
          if (!res.ok) throw new Error(body && body.message ? body.message : 'The sandbox could not settle this payment.');
          return body;
        });
      });
    }

    pay.addEventListener('click', function () {
      settle('paid').then(function (body) {
        self.close();
        if (typeof options.handler === 'function') options.handler(body.response);
      }, function (error) {
        busy(false);
        status.textContent = error.message;
      });
    });

    fail.addEventListener('click', function () {
      settle('failed').then(function (body) {
        busy(false);
        status.textContent = 'Payment failed. You can try again or close.';
        self.emit('payment.failed', { error: body.error });
      }, function (error) {
        busy(false);
        status.textContent = error.message;
      });
    });

    function dismiss() {
      self.close();
      if (options.modal && typeof options.modal.ondismiss === 'function') options.modal.ondismiss();
    }
    close.addEventListener('click', dismiss);
    dialog.addEventListener('cancel', function (event) {
      event.preventDefault();
      dismiss();
    });

    // The page behind dims, as behind Razorpay's own checkout (a dialog's default backdrop is nearly clear).
    if (!document.getElementById('sandbox-checkout-style')) {
      var style = el('style', { id: 'sandbox-checkout-style' });
      style.textContent = 'dialog[data-sandbox-checkout]::backdrop{background:rgba(3,6,18,.72)}';
      document.head.appendChild(style);
    }
    this.dialog = dialog;
    document.body.appendChild(dialog);
    dialog.showModal();
    pay.focus();
  };

  window.Razorpay = Razorpay;
})();
`;
