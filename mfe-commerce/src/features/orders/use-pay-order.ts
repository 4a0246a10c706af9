import { createElement, useState } from 'react';
import { messageOf } from '@site/shared/api-client';
import { TOAST_DURATION } from '@site/shared/constants';
import type { Order } from '@site/shared/contracts/orders';
import { toast } from '@site/shared/toast';
import { loadCheckout, openCheckout } from '../../lib/payments/checkout';
import { confirmWithApi } from '../../lib/payments/confirm-with-api';
import { createCalendarEvent, dropOrder, payOrder, releaseQuietly } from '../../lib/payments/payments-api';
import { TEXT, WINDOW_CLOSED_DETAIL } from '../../lib/texts';
import { TicketToastDetail } from '../../components/ticket-event';

/**
 * Pay and Cancel of an unpaid order on /orders. Pay takes the slot or seat again (the server says
 * when it is gone), then opens Checkout as the booking and purchase flows do; `changed` reloads the list.
 */
export function usePayOrder(changed: () => void) {
  const [busy, setBusy] = useState<string | null>(null);

  async function pay(order: Order) {
    setBusy(order.id);
    let answer;
    try {
      answer = await payOrder(order.id);
      await loadCheckout(answer.provider);
    } catch (error) {
      toast.error(messageOf(error, error instanceof Error ? error.message : TEXT.purchaseNotStarted));
      setBusy(null);
      changed();
      return;
    }
    let settled = false;
    openCheckout(
      answer,
      { name: order.package_name, ...(order.attendee_email ? { prefill: { email: order.attendee_email } } : {}) },
      {
        onPaid: (response) => {
          settled = true;
          void (async () => {
            const paid = await confirmWithApi(answer.id, response);
            if (!paid) toast.error(TEXT.verificationFailed);
            else {
              if (order.kind === 'consultation') {
                await createCalendarEvent({ order_id: order.id }).catch((error: unknown) => console.warn('The calendar invitation could not be created.', error));
              }
              toast.success(order.kind === 'consultation' ? TEXT.bookingConfirmed : TEXT.purchaseSucceeded, {
                duration: TOAST_DURATION.successLong,
                ...(paid.event ? { description: createElement(TicketToastDetail, { event: paid.event }) } : {}),
              });
            }
            setBusy(null);
            changed();
          })();
        },
        onDismiss: () => {
          if (settled) return;
          void releaseQuietly(order.id).then(changed);
          setBusy(null);
          toast.message(TEXT.windowClosed, { description: WINDOW_CLOSED_DETAIL });
        },
        onFailed: (reason) => toast.error(reason ? `Payment failed: ${reason}` : 'Payment failed.'),
      },
    );
  }

  async function cancel(order: Order) {
    setBusy(order.id);
    try {
      await dropOrder(order.id);
      toast.message('Order cancelled. Nothing was charged.');
    } catch (error) {
      toast.error(messageOf(error, 'The order could not be cancelled. Please try again.'));
    }
    setBusy(null);
    changed();
  }

  return { pay, cancel, busy };
}
