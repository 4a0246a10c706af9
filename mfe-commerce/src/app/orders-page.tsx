import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Order } from '@site/shared/contracts/orders';
import { usePageMeta } from '@site/shared/page-meta';
import { useQuery } from '@site/shared/query';
import { Button, ButtonLink, Main, StatusText } from '@site/shared/ui/primitives';
import { AccountSection } from '../features/account/account-section';
import { theme } from '@site/shared/ui/theme';
import { OrderCard } from '../features/orders/order-card';
import { usePayOrder } from '../features/orders/use-pay-order';
import { fetchOrders } from '../lib/payments/payments-api';

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0 0 32px;
  display: grid;
  gap: 16px;
`;

const Group = styled.section`
  h2 { font-size: 1.35rem; margin: 0 0 6px; }
  > p { color: ${theme.color.textMuted}; margin: 0 0 14px; }
`;

const newestFirst = (a: Order, b: Order) => Date.parse(b.created_at) - Date.parse(a.created_at);
const loadOrders = async (signal: AbortSignal) => [...(await fetchOrders(signal))].sort(newestFirst);

/** A bought order that no longer stands: refunded, or cancelled after payment. */
export const isUndone = (order: Order) => order.status === 'refunded' || (order.status === 'paid' && order.cancelled_at !== null);

/** Unpaid orders that can still be paid first, then bought ones that stand, then refunded or cancelled ones, then the expired apart. */
export function groupsOf(orders: Order[]) {
  const unpaid = orders.filter((order) => order.payable);
  const bought = orders.filter((order) => !order.payable && order.status === 'paid' && !isUndone(order));
  const undone = orders.filter((order) => !order.payable && isUndone(order));
  const ended = orders.filter((order) => !order.payable && order.status !== 'paid' && order.status !== 'refunded');
  return { unpaid, bought, undone, ended };
}

export default function OrdersPage() {
  usePageMeta({ title: 'Your orders', description: 'Your orders and purchases.' });
  const query = useQuery('/orders', loadOrders);
  // After a payment or a cancellation the list is read again: the one shown stays until then.
  const { pay, cancel, busy } = usePayOrder(query.reload);
  const orders = query.state === 'error' ? undefined : query.data;
  const groups = orders ? groupsOf(orders) : undefined;

  return (
    <Main $maxWidth="860px">
      <h1>Your orders</h1>
      {query.state === 'loading' && !orders && <StatusText role="status">Loading your orders…</StatusText>}
      {query.state === 'error' && (
        <div role="alert">
          <StatusText $tone="error">Failed to load your orders.</StatusText>
          <Button type="button" onClick={query.reload}>
            Retry
          </Button>
        </div>
      )}
      {orders && orders.length === 0 && (
        <>
          <StatusText>You have no orders yet.</StatusText>
          <ButtonLink as={Link} to="/#pricing">
            Book a consultation
          </ButtonLink>
        </>
      )}
      {groups && groups.unpaid.length > 0 && (
        <Group aria-labelledby="orders-unpaid">
          <h2 id="orders-unpaid">Awaiting payment</h2>
          <p>Nothing has been charged for these. Pay to finish an order, or cancel it.</p>
          <List>
            {groups.unpaid.map((order) => (
              <li key={order.id}>
                <OrderCard
                  order={order}
                  actions={
                    <>
                      <Button type="button" disabled={busy !== null} aria-label={busy === order.id ? undefined : `Pay for ${order.package_name}`} onClick={() => void pay(order)}>
                        {busy === order.id ? 'Processing' : 'Pay'}
                      </Button>
                      <Button
                        type="button"
                        $variant="ghost"
                        disabled={busy !== null}
                        aria-label={`Cancel unpaid order for ${order.package_name}`}
                        onClick={() => void cancel(order)}
                      >
                        Cancel
                      </Button>
                    </>
                  }
                />
              </li>
            ))}
          </List>
        </Group>
      )}
      {groups && groups.bought.length > 0 && (
        <Group aria-labelledby="orders-bought">
          <h2 id="orders-bought">Paid orders</h2>
          <List>
            {groups.bought.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </List>
        </Group>
      )}
      {groups && groups.undone.length > 0 && (
        <Group aria-labelledby="orders-undone">
          <h2 id="orders-undone">Refunded and cancelled</h2>
          <p>These were paid, then cancelled or refunded; they no longer stand.</p>
          <List>
            {groups.undone.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} struck />
              </li>
            ))}
          </List>
        </Group>
      )}
      {groups && groups.ended.length > 0 && (
        <Group aria-labelledby="orders-ended">
          <h2 id="orders-ended">Expired and cancelled</h2>
          <p>These were never paid; their times and seats were released.</p>
          <List>
            {groups.ended.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </List>
        </Group>
      )}
      <AccountSection />
    </Main>
  );
}
