import { createElement, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, messageOf } from '@site/shared/api-client';
import { TOAST_DURATION } from '@site/shared/constants';
import type { Package } from '@site/shared/contracts/packages';
import { useSession } from '@site/shared/session';
import { toast } from '@site/shared/toast';
import { loadCheckout, openCheckout, SdkLoadError } from '../../lib/payments/checkout';
import { confirmWithApi } from '../../lib/payments/confirm-with-api';
import { createOrder, fetchOwnEmail, releaseQuietly } from '../../lib/payments/payments-api';
import { TEXT, WINDOW_CLOSED_DETAIL } from '../../lib/texts';
import { TicketToastDetail } from '../../components/ticket-event';

/** Why a package cannot be bought, learnt from the server when the buyer tried. */
export type Unavailable = 'sold_out' | 'closed' | null;

/** Spec §4 package purchase: processing, Checkout with the server's amount, verification, /orders. */
export function usePurchase(pkg: Package) {
  const navigate = useNavigate();
  const location = useLocation();
  const [processing, setProcessing] = useState(false);
  const [sdkError, setSdkError] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState<Unavailable>(null);
  const settled = useRef(false);

  async function buy() {
    const session = useSession.getState();
    if (session.status === 'loading') await session.bootstrap();
    const { user, token } = useSession.getState();
    if (!user || !token) {
      toast.error(TEXT.signInToBook);
      navigate('/login', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    setProcessing(true);
    setSdkError(null);
    settled.current = false;
    let order;
    let email: string | undefined;
    try {
      [order, email] = await Promise.all([createOrder({ package_id: pkg.id, amount: pkg.price }), fetchOwnEmail()]);
    } catch (error) {
      setProcessing(false);
      if (error instanceof ApiError && error.error === 'sold_out') return setUnavailable('sold_out');
      if (error instanceof ApiError && (error.error === 'registration_closed' || error.error === 'event_unavailable')) return setUnavailable('closed');
      // Anything else (e.g. too many unpaid orders) in the server's own words.
      toast.error(messageOf(error, TEXT.purchaseNotStarted));
      return;
    }
    try {
      await loadCheckout(order.provider);
    } catch (error) {
      setSdkError(error instanceof SdkLoadError ? error.message : TEXT.purchaseNotStarted);
      setProcessing(false);
      return;
    }
    openCheckout(
      order,
      {
        name: pkg.name,
        ...(pkg.description ? { description: pkg.description } : {}),
        prefill: { ...(email ? { email } : {}), user_id: user.sub },
      },
      {
        onPaid: (response) => {
          settled.current = true;
          void confirmWithApi(order.id, response).then((paid) => {
            setProcessing(false);
            if (!paid) return void toast.error(TEXT.verificationFailed);
            // The spec's alert as it is; a ticket adds its event, when and where, beside it.
            toast.success(TEXT.purchaseSucceeded, {
              duration: TOAST_DURATION.successLong,
              ...(paid.event ? { description: createElement(TicketToastDetail, { event: paid.event }) } : {}),
            });
            navigate('/orders');
          });
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

  return { buy, processing, sdkError, unavailable };
}
