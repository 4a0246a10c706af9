import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Order } from '@site/shared/contracts/orders';
import { Card } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { formatIst, formatPaise, formatVisitorTime } from '../../lib/format';
import { TicketEventFacts } from '../../components/ticket-event';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 6px 16px;
  margin: 0 0 12px;
  dt { color: ${theme.color.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
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

/** How the order's state reads to its buyer: an unpaid order says whether its place is still held. */
function statusOf(order: Order): ReactNode {
  switch (order.status) {
    case 'paid':
      return order.cancelled_at ? 'Paid, cancelled' : 'Paid';
    case 'refunded':
      return 'Refunded';
    case 'expired':
      if (order.cancelled_at) return 'Cancelled, not paid';
      return order.payable ? 'Awaiting payment (no longer held: Pay takes it again if it is still free)' : 'Expired, not paid';
    default:
      return holdIsLive(order) ? (
        <>
          Awaiting payment, held until <time dateTime={order.expires_at}>{formatIst(order.expires_at)}</time>
        </>
      ) : (
        'Awaiting payment (no longer held: Pay takes it again if it is still free)'
      );
  }
}

export function OrderCard({ order, actions }: { order: Order; actions?: ReactNode }) {
  const visitorTime = order.start_time ? formatVisitorTime(order.start_time) : null;
  const headingId = `order-${order.id}`;
  const booked = order.status === 'paid' || order.status === 'refunded';
  return (
    <Card aria-labelledby={headingId}>
      <h3 id={headingId} style={{ margin: '0 0 12px', fontSize: '1.25rem' }}>
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
              <time dateTime={order.start_time}>{formatIst(order.start_time)}</time>
              {visitorTime && <div>Your time: {visitorTime}</div>}
            </dd>
          </>
        )}
        <dt>Ordered</dt>
        <dd>
          <time dateTime={order.created_at}>{formatIst(order.created_at)}</time>
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
