import { useState } from 'react';
import { messageOf } from '@site/shared/api-client';
import { formatPaise } from '@site/shared/money';
import { toast } from '@site/shared/toast';
import { adminRequest } from '../lib/api';
import type { AdminOrder } from '../lib/admin-types';
import { Actions, SmallButton } from './ui';

/** Cells of an order that Orders and Bookings both show. */

export function RefundCell({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (order.status !== 'paid') return null;

  async function refund() {
    setBusy(true);
    try {
      await adminRequest(`/orders/${encodeURIComponent(order.id)}/refund`, { method: 'POST' });
      // The api e-mails the buyer in the refund's transaction (and withdraws a consultation's calendar entry).
      const told = order.kind === 'consultation' ? 'They have been e-mailed and their calendar entry withdrawn.' : 'They have been e-mailed.';
      toast.success(`Refunded ${formatPaise(order.amount_paise)} to ${order.buyer_username}. ${told}`);
      onDone();
    } catch (error) {
      toast.error(messageOf(error, 'The refund failed. Please try again.'));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  if (!confirming) {
    return (
      <SmallButton type="button" $variant="ghost" onClick={() => setConfirming(true)} aria-label={`Refund order of ${order.buyer_username} for ${order.package_name}`}>
        Refund
      </SmallButton>
    );
  }
  return (
    <Actions role="group" aria-label="Confirm the refund">
      <span>
        Refund {formatPaise(order.amount_paise)} to {order.buyer_username}?
      </span>
      <SmallButton type="button" disabled={busy} onClick={() => void refund()} autoFocus>
        {busy ? 'Refunding…' : 'Confirm refund'}
      </SmallButton>
      <SmallButton type="button" $variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
        Cancel
      </SmallButton>
    </Actions>
  );
}

/** What the buyer would like to discuss: a long answer opens on request, so the row stays readable. */
export function DiscussionCell({ text }: { text: string | null }) {
  if (!text) return <>—</>;
  const style = { maxWidth: '32ch', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
  if (text.length <= 120) return <div style={style}>{text}</div>;
  return (
    <details style={style}>
      <summary>{text.slice(0, 100)}…</summary>
      {text}
    </details>
  );
}
