import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Order } from '@site/shared/contracts/orders';
import { Button } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { When } from '@site/shared/ui/when';
import { formatPaise } from '../../lib/format';

const Panel = styled.section`
  margin: 16px 0 0;
  padding: 16px 18px;
  border-radius: ${theme.radius.lg};
  border: 2px solid ${theme.color.success};
  background: ${theme.color.surface};
  h3 { margin: 0 0 12px; font-size: 1.15rem; }
  h3:focus { outline: none; }
  dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 6px 12px; margin: 0 0 14px; }
  dt { color: ${theme.color.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px 20px;
  margin: 0;
  a { color: ${theme.color.primary}; font-weight: 600; }
`;

/** Shown in the booking section once a consultation is paid: what was booked, and what to do next. */
export function BookingConfirmation({ order, onClose }: { order: Order; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves here (screen readers hear it); the page only scrolls as far as needed to show it.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.closest('section')?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <Panel aria-labelledby="booking-confirmed">
      <h3 id="booking-confirmed" ref={heading} tabIndex={-1}>
        Booking confirmed
      </h3>
      <dl>
        <dt>Package</dt>
        <dd>{order.package_name}</dd>
        {order.start_time && (
          <>
            <dt>Date and time</dt>
            <dd>
              <When iso={order.start_time} />
            </dd>
          </>
        )}
        <dt>Amount</dt>
        <dd>{formatPaise(order.amount_paise)}</dd>
        <dt>Order id</dt>
        <dd>{order.id}</dd>
      </dl>
      <Links>
        {order.ics_url && (
          <a href={order.ics_url} download>
            Add to calendar (.ics)
          </a>
        )}
        <Link to="/orders">View your orders</Link>
        <Button type="button" $variant="ghost" onClick={onClose}>
          Close
        </Button>
      </Links>
    </Panel>
  );
}
