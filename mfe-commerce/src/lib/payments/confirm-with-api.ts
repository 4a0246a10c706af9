import { fetchOrder, verifyPayment } from './payments-api';
import { confirmPayment } from './confirm-payment';
import type { PaymentResponse } from './checkout';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Verification with the real api, then the webhook wait. */
export const confirmWithApi = (orderId: string, response: PaymentResponse) =>
  confirmPayment(orderId, response, {
    verify: (r) => verifyPayment({ razorpay_order_id: r.razorpay_order_id, razorpay_payment_id: r.razorpay_payment_id, razorpay_signature: r.razorpay_signature }),
    fetchOrder: (id) => fetchOrder(id),
    wait,
    now: () => Date.now(),
  });
