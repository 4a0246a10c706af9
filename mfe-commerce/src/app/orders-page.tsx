import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Order } from '@site/shared/contracts/orders';
import { usePageMeta } from '@site/shared/page-meta';
import { Button, ButtonLink, Main, StatusText } from '@site/shared/ui/primitives';
import { AccountSection } from '../features/account/account-section';
import { OrderCard } from '../features/orders/order-card';
import { fetchOrders } from '../lib/payments/payments-api';

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 16px;
`;

type State = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; orders: Order[] };

const newestFirst = (a: Order, b: Order) => Date.parse(b.created_at) - Date.parse(a.created_at);

export default function OrdersPage() {
  usePageMeta({ title: 'Your orders', description: 'Your orders and purchases.' });
  const [state, setState] = useState<State>({ phase: 'loading' });
  const load = useCallback((signal?: AbortSignal) => {
    setState({ phase: 'loading' });
    fetchOrders(signal)
      .then((orders) => setState({ phase: 'ready', orders: [...orders].sort(newestFirst) }))
      .catch(() => !signal?.aborted && setState({ phase: 'failed' }));
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <Main $maxWidth="860px">
      <h1>Your orders</h1>
      {state.phase === 'loading' && <StatusText role="status">Loading your orders…</StatusText>}
      {state.phase === 'failed' && (
        <div role="alert">
          <StatusText $tone="error">Failed to load your orders.</StatusText>
          <Button type="button" onClick={() => load()}>
            Retry
          </Button>
        </div>
      )}
      {state.phase === 'ready' && state.orders.length === 0 && (
        <>
          <StatusText>You have no orders yet.</StatusText>
          <ButtonLink as={Link} to="/#pricing">
            Book a consultation
          </ButtonLink>
        </>
      )}
      {state.phase === 'ready' && state.orders.length > 0 && (
        <List>
          {state.orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </List>
      )}
      <AccountSection />
    </Main>
  );
}
