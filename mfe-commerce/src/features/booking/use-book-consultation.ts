import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, messageOf } from '@site/shared/api-client';
import { TOAST_DURATION } from '@site/shared/constants';
import { toast } from '@site/shared/toast';
import { loadCheckout, openCheckout, SdkLoadError } from '../../lib/payments/checkout';
import { confirmWithApi } from '../../lib/payments/confirm-with-api';
import { createCalendarEvent, createOrder, fetchOrder, releaseQuietly } from '../../lib/payments/payments-api';
import { TEXT, WINDOW_CLOSED_DETAIL } from '../../lib/texts';
import type { ConsultationPackage as BookingPackage } from '@site/shared/contracts/consultations';
import type { Order } from '@site/shared/contracts/orders';

/**
 * Spec §4 booking flow: Processing while the order is created and Checkout opens; on payment the
 * order is confirmed, the calendar invitation attempted, then the success toast and the home page
 * (where the section shows the confirmation in place; the page does not move).
 */
export function useBookConsultation(pkg: BookingPackage, onBooked: (order: Order | undefined) => void, onSlotTaken: () => void) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [processing, setProcessing] = useState(false);
  const [sdkError, setSdkError] = useState<string | null>(null);
  const settled = useRef(false);

  async function book(email: string, start: Date) {
    if (pkg.price === 'Custom') return;
    setProcessing(true);
    setSdkError(null);
    settled.current = false;
    let order;
    try {
      order = await createOrder({ package_id: pkg.id, amount: pkg.price, start_time: start.toISOString(), email });
    } catch (error) {
      // The server's human-readable `message`, never its machine code (decision 047).
      toast.error(messageOf(error, error instanceof Error && error.message ? error.message : TEXT.orderCreationFailed));
      if (error instanceof ApiError && error.error === 'slot_taken') onSlotTaken();
      setProcessing(false);
      return;
    }
    try {
      await loadCheckout(order.provider);
    } catch (error) {
      setSdkError(error instanceof SdkLoadError ? error.message : String(error));
      setProcessing(false);
      return;
    }
    const end = new Date(start.getTime() + pkg.duration * 60_000);
    openCheckout(
      order,
      { name: pkg.name, description: pkg.description, prefill: { email } },
      {
        onPaid: (response) => {
          settled.current = true;
          void (async () => {
            if (!(await confirmWithApi(order.id, response))) {
              toast.error(TEXT.verificationFailed);
              setProcessing(false);
              return;
            }
            await createCalendarEvent({
              order_id: order.id,
              startDateTime: start.toISOString(),
              endDateTime: end.toISOString(),
              attendeeEmail: email,
              summary: `${pkg.name} Booking`,
              description: pkg.description,
            }).catch((error: unknown) => console.warn('The calendar invitation could not be created.', error));
            const paid = await fetchOrder(order.id).catch(() => undefined);
            toast.success(TEXT.bookingConfirmed, { duration: TOAST_DURATION.successLong });
            setProcessing(false);
            onBooked(paid);
            if (pathname !== '/') navigate('/#pricing');
          })();
        },
        onDismiss: () => {
          if (settled.current) return;
          setProcessing(false);
          void releaseQuietly(order.id);
          toast.message(TEXT.windowClosed, { description: WINDOW_CLOSED_DETAIL });
        },
        // Checkout stays open after a failed attempt, so the buyer can retry or close it.
        onFailed: (reason) => toast.error(reason ? `Payment failed: ${reason}` : 'Payment failed.'),
      },
    );
  }

  return { book, processing, sdkError };
}
