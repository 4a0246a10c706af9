import { createElement, useState } from 'react';
import { messageOf } from '@site/shared/api-client';
import { TOAST_DURATION } from '@site/shared/constants';
import type { Order } from '@site/shared/contracts/orders';
import { toast } from '@site/shared/toast';
import { dropOrder, payOrder, requestCalendarEvent } from '../../lib/payments/payments-api';
import { usePayment } from '../../lib/payments/use-payment';
import { TEXT } from '../../lib/texts';
import { TicketToastDetail } from '../../components/ticket-event';

/**
 * Pay and Cancel of an unpaid order on /orders. Pay takes the slot or seat again (the server says
 * when it is gone), then pays as the booking and purchase flows do; `changed` reloads the list.
 */
export function usePayOrder(changed: () => void) {
  const [busy, setBusy] = useState<string | null>(null);
  const { pay: payWith } = usePayment();

  async function pay(order: Order) {
    setBusy(order.id);
    const done = () => {
      setBusy(null);
      changed();
    };
    const notStarted = (error: unknown) => {
      toast.error(messageOf(error, error instanceof Error ? error.message : TEXT.purchaseNotStarted));
      done();
    };
    await payWith({
      order: () => payOrder(order.id),
      details: () => ({ name: order.package_name, ...(order.attendee_email ? { prefill: { email: order.attendee_email } } : {}) }),
      held: order.kind === 'consultation' ? 'time' : order.event ? 'seat' : null,
      onOrderFailed: notStarted,
      onSdkFailed: notStarted,
      onPaid: (paid) => {
        if (paid.kind === 'consultation') requestCalendarEvent({ order_id: paid.id });
        toast.success(paid.kind === 'consultation' ? TEXT.bookingConfirmed : TEXT.purchaseSucceeded, {
          duration: TOAST_DURATION.successLong,
          ...(paid.event ? { description: createElement(TicketToastDetail, { event: paid.event }) } : {}),
        });
      },
      onSettled: done,
      onClosed: () => setBusy(null),
      onReleased: changed,
    });
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
