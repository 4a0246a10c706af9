import { describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '@site/shared/contracts/orders';
import { confirmPayment, WEBHOOK_WAIT_MS, type ConfirmDeps } from './confirm-payment';

const response = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };
const order = (status: OrderStatus) => ({ id: 'o1', status }) as Order;

/** A clock that moves only when the code under test waits. */
function deps(verify: ConfirmDeps['verify'], statuses: OrderStatus[]) {
  let clock = 0;
  const polls: number[] = [];
  const d: ConfirmDeps = {
    verify,
    fetchOrder: async () => {
      polls.push(clock);
      return order(statuses.shift() ?? 'created');
    },
    wait: async (ms) => void (clock += ms),
    now: () => clock,
  };
  return { d, polls };
}

describe('confirmPayment', () => {
  it('is paid at once when verification says so, without polling', async () => {
    const { d, polls } = deps(async () => order('paid'), []);
    expect((await confirmPayment('o1', response, d))?.status).toBe('paid');
    expect(polls).toHaveLength(0);
  });

  it('waits for the webhook when verification fails, and succeeds when the order turns paid', async () => {
    const { d, polls } = deps(async () => Promise.reject(new Error('invalid_signature')), ['created', 'created', 'paid']);
    expect((await confirmPayment('o1', response, d))?.status).toBe('paid');
    expect(polls).toHaveLength(3);
  });

  it('gives up after about ten seconds when the order stays unpaid', async () => {
    const { d, polls } = deps(async () => Promise.reject(new Error('network')), []);
    expect(await confirmPayment('o1', response, d)).toBeNull();
    expect(polls.at(-1)).toBeLessThanOrEqual(WEBHOOK_WAIT_MS);
    expect(polls.length).toBeGreaterThanOrEqual(9);
  });

  it('stops at once when the order failed or expired', async () => {
    const { d, polls } = deps(async () => Promise.reject(new Error('bad')), ['failed']);
    expect(await confirmPayment('o1', response, d)).toBeNull();
    expect(polls).toHaveLength(1);
  });
});
