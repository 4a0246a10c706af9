import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Order } from '@site/shared/contracts/orders';
import { ORDER_STATUS_LABEL } from '@site/shared/order-status';
import { Card } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { When } from '@site/shared/ui/when';
import { formatPaise, formatWhen } from '../../lib/format';
import { TicketEventFacts } from '../../components/ticket-event';
import type { Held } from '../../lib/texts';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 6px 16px;
  margin: 0 0 12px;
  dt { color: ${theme.color.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const Note = styled.span`
  display: block;
  color: ${theme.color.textMuted};
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  margin: 0;
  a { color: ${theme.color.primary}; font-weight: 600; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 4px;
`;

/** Whether the order still holds its slot or seat (an unpaid one, within its hold). */
export const holdIsLive = (order: Order, now = Date.now()) =>
  (order.status === 'created' || order.status === 'failed') && Date.parse(order.expires_at) > now;

/** What an unpaid order holds while it waits: a consultation its time, a ticket its seat, a subscription nothing. */
const heldBy = (order: Order): Held => (order.kind === 'consultation' ? 'time' : order.event ? 'seat' : null);

/** An unpaid order whose hold ran out, and what Pay does about it. */
const RELEASED: Record<'time' | 'seat', string> = {
  time: 'The time is no longer held: Pay books it again if it is still free.',
  seat: 'The seat is no longer held: Pay takes one again if any are left.',
};

/**
 * How the order's state reads to its buyer, in the words admin uses too (Paid, Awaiting payment,
 * Expired, not paid, Refunded); an unpaid order then says whether its time or seat is still held.
 */
function statusOf(order: Order): ReactNode {
  const held = heldBy(order);
  const awaiting = (
    <>
      {ORDER_STATUS_LABEL.created}
      {held && <Note>{holdIsLive(order) ? <>Held until <time dateTime={order.expires_at}>{formatWhen(order.expires_at)}</time>.</> : RELEASED[held]}</Note>}
    </>
  );
  switch (order.status) {
    case 'paid':
      return order.cancelled_at ? `${ORDER_STATUS_LABEL.paid}, cancelled` : ORDER_STATUS_LABEL.paid;
    case 'refunded':
      return ORDER_STATUS_LABEL.refunded;
    case 'expired':
      if (order.cancelled_at) return 'Cancelled, not paid';
      return order.payable ? awaiting : ORDER_STATUS_LABEL.expired;
    default:
      return awaiting;
  }
}

/** `struck`: an order that no longer stands (refunded or cancelled), its name struck through. */
export function OrderCard({ order, actions, struck = false }: { order: Order; actions?: ReactNode; struck?: boolean }) {
  const headingId = `order-${order.id}`;
  const booked = order.status === 'paid' || order.status === 'refunded';
  return (
    <Card aria-labelledby={headingId}>
      <h3 id={headingId} style={{ margin: '0 0 12px', fontSize: '1.25rem', textDecoration: struck ? 'line-through' : undefined }}>
        {order.package_name}
      </h3>
      <Facts>
        <dt>Amount</dt>
        <dd>{formatPaise(order.amount_paise)}</dd>
        <dt>Status</dt>
        <dd>{statusOf(order)}</dd>
        {order.event && <TicketEventFacts event={order.event} />}
        {order.start_time && (
          <>
            <dt>{booked ? 'Booked for' : 'Requested time'}</dt>
            <dd>
              <When iso={order.start_time} />
            </dd>
          </>
        )}
        <dt>Ordered</dt>
        <dd>
          <time dateTime={order.created_at}>{formatWhen(order.created_at)}</time>
        </dd>
        {order.meeting_url && (
          <>
            <dt>Meeting link</dt>
            <dd>
              <a href={order.meeting_url} target="_blank" rel="noopener noreferrer">
                Join the call
              </a>
            </dd>
          </>
        )}
        <dt>Order id</dt>
        <dd>{order.id}</dd>
      </Facts>
      {(order.ics_url || order.reschedule_url || order.cancel_url || order.receipt_url) && (
        <Links>
          {order.ics_url && (
            <a href={order.ics_url} download>
              Download calendar invitation (.ics)
            </a>
          )}
          {order.reschedule_url && <a href={order.reschedule_url}>Reschedule</a>}
          {order.cancel_url && <a href={order.cancel_url}>Cancel booking</a>}
          {order.receipt_url && <a href={order.receipt_url}>Receipt</a>}
        </Links>
      )}
      {actions && <Actions>{actions}</Actions>}
    </Card>
  );
}
