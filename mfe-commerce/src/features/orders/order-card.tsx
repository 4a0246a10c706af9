import styled from 'styled-components';
import type { Order, OrderStatus } from '@site/shared/contracts/orders';
import { Card } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { formatIst, formatPaise, formatVisitorTime } from '../../lib/format';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  margin: 0 0 12px;
  dt { color: ${theme.color.textMuted}; }
  dd { margin: 0; }
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  margin: 0;
  a { color: ${theme.color.primary}; font-weight: 600; }
`;

const STATUS_LABEL: Record<OrderStatus, string> = {
  created: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
};

export function OrderCard({ order }: { order: Order }) {
  const visitorTime = order.start_time ? formatVisitorTime(order.start_time) : null;
  const headingId = `order-${order.id}`;
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} style={{ margin: '0 0 12px', fontSize: '1.25rem' }}>
        {order.package_name}
      </h2>
      <Facts>
        <dt>Amount</dt>
        <dd>{formatPaise(order.amount_paise)}</dd>
        <dt>Status</dt>
        <dd>{STATUS_LABEL[order.status]}</dd>
        {order.start_time && (
          <>
            <dt>Booked for</dt>
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
      </Facts>
      {(order.ics_url || order.reschedule_url || order.cancel_url) && (
        <Links>
          {order.ics_url && (
            <a href={order.ics_url} download>
              Download calendar invitation (.ics)
            </a>
          )}
          {order.reschedule_url && <a href={order.reschedule_url}>Reschedule</a>}
          {order.cancel_url && <a href={order.cancel_url}>Cancel booking</a>}
        </Links>
      )}
    </Card>
  );
}
