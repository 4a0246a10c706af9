import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, messageOf } from '@site/shared/api-client';
import { TOAST_DURATION } from '@site/shared/constants';
import { toast } from '@site/shared/toast';
import { createOrder, requestCalendarEvent } from '../../lib/payments/payments-api';
import { usePayment } from '../../lib/payments/use-payment';
import { TEXT } from '../../lib/texts';
import type { ConsultationPackage as BookingPackage } from '@site/shared/contracts/consultations';
import type { Order } from '@site/shared/contracts/orders';

/**
 * The browser's IANA zone, so the buyer's e-mails give their own time beside IST. Read at the
 * press, not while the page starts; a name the server could not check is left out, never a reason
 * for the booking to fail.
 */
function browserZone(): { time_zone?: string } {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zone.length <= 64 && /^[A-Za-z][\w+-]*(?:\/[\w+-]+)*$/.test(zone) ? { time_zone: zone } : {};
}

/** The server's refusals of a start that was free when the list was read: the list is read again. */
const SLOT_REFUSALS = new Set(['slot_taken', 'day_full', 'short_notice', 'outside_working_hours']);

/**
 * Spec §4 booking flow: Processing while the order is created and Checkout opens; on payment the
 * order is verified, the calendar invitation attempted, then the success toast and the home page
 * (where the section shows the confirmation in place; the page does not move).
 */
export function useBookConsultation(pkg: BookingPackage, onBooked: (order: Order) => void, onSlotTaken: () => void) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { pay, processing, sdkError } = usePayment();

  async function book(email: string, start: Date, discussion: string) {
    const price = pkg.price;
    if (price === 'Custom') return;
    await pay({
      order: () =>
        createOrder({
          package_id: pkg.id,
          amount: price,
          start_time: start.toISOString(),
          email,
          ...(discussion ? { discussion } : {}),
          ...browserZone(),
        }),
      details: () => ({ name: pkg.name, description: pkg.description, prefill: { email } }),
      held: 'time',
      onOrderFailed: (error) => {
        // The server's human-readable `message`, never its machine code (decision 047).
        toast.error(messageOf(error, error instanceof Error && error.message ? error.message : TEXT.orderCreationFailed));
        if (error instanceof ApiError && error.status === 409 && SLOT_REFUSALS.has(error.error ?? '')) onSlotTaken();
      },
      onPaid: (order) => {
        requestCalendarEvent({
          order_id: order.id,
          startDateTime: start.toISOString(),
          endDateTime: new Date(start.getTime() + pkg.duration * 60_000).toISOString(),
          attendeeEmail: email,
          summary: `${pkg.name} Booking`,
          description: pkg.description,
        });
        toast.success(TEXT.bookingConfirmed, { duration: TOAST_DURATION.successLong });
        onBooked(order);
        if (pathname !== '/') navigate('/#pricing');
      },
    });
  }

  return { book, processing, sdkError };
}
