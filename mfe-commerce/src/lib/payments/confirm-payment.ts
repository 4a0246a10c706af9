import type { Order } from '@site/shared/contracts/orders';
import type { PaymentResponse } from './checkout';

/** How long to wait for the provider's webhook when the browser's verification fails. */
export const WEBHOOK_WAIT_MS = 10_000;
export const POLL_EVERY_MS = 1_000;

export interface ConfirmDeps {
  verify: (response: PaymentResponse) => Promise<Order>;
  fetchOrder: (id: string) => Promise<Order>;
  wait: (ms: number) => Promise<void>;
  now: () => number;
}

/**
 * The order once paid (what was bought, for the confirmation), or null when it did not end paid. The browser's verification settles it at once; when that fails (a
 * network drop, a signature the server could not check yet) the provider's webhook may still settle
 * it, so the order is polled for a while before the payment is called failed (decision 010).
 */
export async function confirmPayment(orderId: string, response: PaymentResponse, deps: ConfirmDeps): Promise<Order | null> {
  try {
    const verified = await deps.verify(response);
    if (verified.status === 'paid') return verified;
  } catch {
    // fall through to the webhook's answer
  }
  const deadline = deps.now() + WEBHOOK_WAIT_MS;
  while (deps.now() < deadline) {
    await deps.wait(POLL_EVERY_MS);
    try {
      const order = await deps.fetchOrder(orderId);
      if (order.status === 'paid') return order;
      if (order.status !== 'created') return null;
    } catch {
      // keep polling until the deadline
    }
  }
  return null;
}
