import type { CreateOrderAnswer, PaymentProvider } from '@site/shared/contracts/orders';
import { brandColors } from '@site/shared/site-config';

/** What Checkout hands the success handler (Razorpay's and the sandbox's alike). */
export interface PaymentResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

interface CheckoutOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description?: string;
  prefill?: Record<string, string>;
  notes?: Record<string, string>;
  theme?: { color: string };
  handler: (response: PaymentResponse) => void;
  modal: { ondismiss: () => void };
}

interface CheckoutInstance {
  open(): void;
  on(event: 'payment.failed', callback: (response: { error?: { description?: string } }) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: CheckoutOptions) => CheckoutInstance;
  }
}

const SCRIPT_URL: Record<PaymentProvider, string> = {
  razorpay: 'https://checkout.razorpay.com/v1/checkout.js',
  sandbox: '/api/payments/sandbox/checkout.js',
};

/** The provider's name, for the message when its script cannot be loaded. */
export const SDK_NAME: Record<PaymentProvider, string> = { razorpay: 'Razorpay', sandbox: 'Sandbox checkout' };

export const sdkFailedMessage = (provider: PaymentProvider) =>
  `${SDK_NAME[provider]} SDK failed to load. Check your connection and try again.`;

export class SdkLoadError extends Error {
  constructor(readonly provider: PaymentProvider) {
    super(sdkFailedMessage(provider));
  }
}

const loading = new Map<string, Promise<void>>();

/** Loads the provider's Checkout script once, on demand; a failed load may be retried. */
export function loadCheckout(provider: PaymentProvider): Promise<void> {
  const url = SCRIPT_URL[provider];
  const known = loading.get(url);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve() : reject(new SdkLoadError(provider)));
    script.onerror = () => {
      script.remove();
      reject(new SdkLoadError(provider));
    };
    document.head.append(script);
  });
  loading.set(url, promise);
  promise.catch(() => loading.delete(url));
  return promise;
}

export interface CheckoutCallbacks {
  onPaid: (response: PaymentResponse) => void;
  onDismiss: () => void;
  onFailed: (reason: string | undefined) => void;
}

/** Opens Checkout for a created order; amount and currency are the server's. */
export function openCheckout(
  order: CreateOrderAnswer,
  details: { name: string; description?: string; prefill?: Record<string, string> },
  callbacks: CheckoutCallbacks,
): void {
  const Checkout = window.Razorpay;
  if (!Checkout) throw new SdkLoadError(order.provider);
  const checkout = new Checkout({
    key: order.keyId,
    amount: order.amount,
    currency: order.currency,
    order_id: order.razorpayOrderId,
    name: details.name,
    ...(details.description ? { description: details.description } : {}),
    ...(details.prefill ? { prefill: details.prefill } : {}),
    notes: { order_id: order.id },
    theme: { color: brandColors.primary },
    handler: callbacks.onPaid,
    modal: { ondismiss: callbacks.onDismiss },
  });
  checkout.on('payment.failed', (response) => callbacks.onFailed(response.error?.description));
  checkout.open();
}
