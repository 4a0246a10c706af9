import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Order } from '@site/shared/contracts/orders';
import { groupsOf } from '../../app/orders-page';
import { OrderCard } from './order-card';

const base: Order = {
  id: 'o-1',
  package_id: 'p-1',
  package_name: 'Office Hours Monthly',
  kind: 'package',
  amount_paise: 150000,
  currency: 'INR',
  status: 'created',
  start_time: null,
  end_time: null,
  attendee_email: null,
  created_at: '2026-11-01T00:00:00Z',
  paid_at: null,
  expires_at: '2026-11-01T00:15:00Z',
  ics_url: null,
  meeting_url: null,
  reschedule_url: null,
  cancel_url: null,
  payable: true,
  receipt_url: null,
  cancelled_at: null,
  event: null,
};

const statusOf = (order: Order) => {
  render(
    <MemoryRouter>
      <OrderCard order={order} />
    </MemoryRouter>,
  );
  return screen.getByText('Status').nextElementSibling?.textContent;
};

describe('an order as its buyer reads it', () => {
  it('a subscription awaiting payment says nothing of a time or seat it never held', () => {
    expect(statusOf({ ...base, status: 'expired' })).toBe('Awaiting payment');
  });

  it('a consultation whose hold ran out says the time was released and what Pay does, without the old run-on wording', () => {
    const text = statusOf({ ...base, kind: 'consultation', status: 'expired', start_time: '2026-12-01T05:00:00Z' });
    expect(text).toBe('Awaiting paymentThe time is no longer held: Pay books it again if it is still free.');
  });

  it('uses the words admin uses: Paid, Expired, not paid, Refunded', () => {
    expect(statusOf({ ...base, status: 'paid', payable: false })).toBe('Paid');
  });

  it('groups refunded and cancelled paid orders apart from the paid ones, struck through', () => {
    const paid = { ...base, id: 'paid', status: 'paid' as const, payable: false };
    const refunded = { ...base, id: 'refunded', status: 'refunded' as const, payable: false };
    const cancelled = { ...base, id: 'cancelled', status: 'paid' as const, payable: false, cancelled_at: '2026-11-02T00:00:00Z' };
    const groups = groupsOf([paid, refunded, cancelled]);
    expect(groups.bought.map((o) => o.id)).toEqual(['paid']);
    expect(groups.undone.map((o) => o.id)).toEqual(['refunded', 'cancelled']);
    render(
      <MemoryRouter>
        <OrderCard order={refunded} struck />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Office Hours Monthly' }).style.textDecoration).toBe('line-through');
  });
});
