import { createElement, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, messageOf } from '@site/shared/api-client';
import { TOAST_DURATION } from '@site/shared/constants';
import type { Package } from '@site/shared/contracts/packages';
import { useSession } from '@site/shared/session';
import { toast } from '@site/shared/toast';
import { createOrder, fetchOwnEmail } from '../../lib/payments/payments-api';
import { usePayment } from '../../lib/payments/use-payment';
import { TEXT } from '../../lib/texts';
import { TicketToastDetail } from '../../components/ticket-event';

/** Why a package cannot be bought, learnt from the server when the buyer tried. */
export type Unavailable = 'sold_out' | 'closed' | null;

/** Spec §4 package purchase: processing, Checkout with the server's amount, verification, /orders. */
export function usePurchase(pkg: Package) {
  const navigate = useNavigate();
  const location = useLocation();
  const [unavailable, setUnavailable] = useState<Unavailable>(null);
  const { pay, processing, sdkError } = usePayment();

  async function buy() {
    const session = useSession.getState();
    if (session.status === 'loading') await session.bootstrap();
    const { user, token } = useSession.getState();
    if (!user || !token) {
      toast.error(TEXT.signInToBook);
      navigate('/login', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    let email: string | undefined;
    await pay({
      order: async () => {
        const [order, own] = await Promise.all([createOrder({ package_id: pkg.id, amount: pkg.price }), fetchOwnEmail()]);
        email = own;
        return order;
      },
      details: () => ({
        name: pkg.name,
        ...(pkg.description ? { description: pkg.description } : {}),
        prefill: { ...(email ? { email } : {}), user_id: user.sub },
      }),
      held: pkg.package_type === 'event' ? 'seat' : null,
      onOrderFailed: (error) => {
        if (error instanceof ApiError && error.error === 'sold_out') return setUnavailable('sold_out');
        if (error instanceof ApiError && (error.error === 'registration_closed' || error.error === 'event_unavailable')) return setUnavailable('closed');
        // Anything else (e.g. too many unpaid orders) in the server's own words.
        toast.error(messageOf(error, TEXT.purchaseNotStarted));
      },
      sdkFallback: TEXT.purchaseNotStarted,
      onPaid: (paid) => {
        // The spec's alert as it is; a ticket adds its event, when and where, beside it.
        toast.success(TEXT.purchaseSucceeded, {
          duration: TOAST_DURATION.successLong,
          ...(paid.event ? { description: createElement(TicketToastDetail, { event: paid.event }) } : {}),
        });
        navigate('/orders');
      },
    });
  }

  return { buy, processing, sdkError, unavailable };
}
