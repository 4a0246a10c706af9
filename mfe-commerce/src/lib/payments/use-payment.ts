import { useRef, useState } from 'react';
import type { CreateOrderAnswer, Order } from '@site/shared/contracts/orders';
import { toast } from '@site/shared/toast';
import { paymentFailedText, TEXT, windowClosedDetail, type Held } from '../texts';
import { loadCheckout, openCheckout, SdkLoadError } from './checkout';
import { confirmWithApi } from './confirm-with-api';
import { releaseQuietly } from './payments-api';

/** What Checkout shows: the item, and what it prefills. */
export interface CheckoutDetails {
  name: string;
  description?: string;
  prefill?: Record<string, string>;
}

export interface PaymentFlow {
  /** Makes the order to pay: a new one, or an unpaid one taken again. */
  order: () => Promise<CreateOrderAnswer>;
  /** Read once the order is made. */
  details: () => CheckoutDetails;
  /** What the unpaid order holds (a time, a seat, or nothing), for the words when its window is closed. */
  held: Held;
  /** The order could not be made (the server's refusal, or the network). */
  onOrderFailed: (error: unknown) => void;
  /** The provider's script did not load; by default its message is shown as `sdkError` (`sdkFallback` for other errors). */
  onSdkFailed?: (error: unknown) => void;
  sdkFallback?: string;
  /** Paid and verified: the order as the verification answered it. */
  onPaid: (order: Order) => void;
  /** After the verification, whatever its outcome. */
  onSettled?: () => void;
  /** The window was closed unpaid (at once), and then its hold released. */
  onClosed?: () => void;
  onReleased?: () => void;
}

/**
 * The one way to pay: make the order, open Checkout, verify the payment (waiting for the webhook
 * when the browser's verification fails), and hand over the paid order from verify's answer.
 * A closed window releases the hold; a failed verification never shows success.
 */
export function usePayment() {
  const [processing, setProcessing] = useState(false);
  const [sdkError, setSdkError] = useState<string | null>(null);
  const settled = useRef(false);

  async function pay(flow: PaymentFlow): Promise<void> {
    setProcessing(true);
    setSdkError(null);
    settled.current = false;
    let answer: CreateOrderAnswer;
    try {
      answer = await flow.order();
    } catch (error) {
      setProcessing(false);
      flow.onOrderFailed(error);
      return;
    }
    try {
      await loadCheckout(answer.provider);
    } catch (error) {
      setProcessing(false);
      if (flow.onSdkFailed) flow.onSdkFailed(error);
      else setSdkError(error instanceof SdkLoadError ? error.message : (flow.sdkFallback ?? String(error)));
      return;
    }
    openCheckout(answer, flow.details(), {
      onPaid: (response) => {
        settled.current = true;
        void confirmWithApi(answer.id, response).then((paid) => {
          setProcessing(false);
          if (paid) flow.onPaid(paid);
          else toast.error(TEXT.verificationFailed);
          flow.onSettled?.();
        });
      },
      onDismiss: () => {
        if (settled.current) return;
        setProcessing(false);
        flow.onClosed?.();
        void releaseQuietly(answer.id).then(() => flow.onReleased?.());
        toast.message(TEXT.windowClosed, { description: windowClosedDetail(flow.held) });
      },
      // Checkout stays open after a failed attempt, so the buyer can retry or close it.
      onFailed: (reason) => toast.error(paymentFailedText(reason)),
    });
  }

  return { pay, processing, sdkError };
}
