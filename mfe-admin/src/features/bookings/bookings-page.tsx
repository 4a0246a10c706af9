import { useState } from 'react';
import styled from 'styled-components';
import { istLocalIso } from '@site/shared/dates';
import { messageOf } from '@site/shared/api-client';
import { usePageMeta } from '@site/shared/page-meta';
import { useQuery } from '@site/shared/query';
import { toast } from '@site/shared/toast';
import { theme } from '@site/shared/ui/theme';
import { Actions, Empty, LoadError, Loading, SmallButton, Toolbar } from '../../components/ui';
import { ListHeader, RefreshButton } from '../../components/paged-list';
import { adminRequest } from '../../lib/api';
import type { AdminOrder } from '../../lib/admin-types';
import { formatDate, formatIst, fromIstInput, toIstInput } from '../../lib/ist';
import { DiscussionCell, RefundCell } from '../../components/order-cells';

export const BOOKING_TEXTS = {
  empty: 'No bookings in these days.',
  loadFailed: 'Failed to load the bookings.',
};

const Day = styled.section`
  margin: 0 0 24px;
  h2 { font-size: 1.1rem; margin: 0 0 8px; }
  ol { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
`;

const Item = styled.li`
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface};
  padding: 12px 14px;
  dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 4px 12px; margin: 8px 0; }
  dt { color: ${theme.color.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
  h3 { margin: 0; font-size: 1rem; }
`;

/** "2026-11-29": the IST date `days` after `date` (an IST date). */
const addDays = (date: string, days: number) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
const istDateOf = (at: string | number) => istLocalIso(at)?.slice(0, 10) ?? '';
const istToday = () => istDateOf(Date.now());

/** Moves one booking to another free start (IST), under the buyer's reschedule rules. */
function MoveBooking({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(toIstInput(order.start_time));
  const [busy, setBusy] = useState(false);
  const field = `move-${order.id}`;

  async function move() {
    const start = fromIstInput(value);
    if (!start) {
      toast.error('Enter the new date and time (IST).');
      return;
    }
    setBusy(true);
    try {
      await adminRequest(`/admin/orders/${encodeURIComponent(order.id)}/move`, { method: 'POST', body: { start_time: start } });
      toast.success(`Moved to ${formatIst(start)}. ${order.buyer_username} has been sent the updated invitation.`);
      setOpen(false);
      onDone();
    } catch (error) {
      toast.error(messageOf(error, 'The booking was not moved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <SmallButton type="button" $variant="ghost" onClick={() => setOpen(true)} aria-label={`Move ${order.buyer_username}'s ${order.package_name}`}>
        Move
      </SmallButton>
    );
  }
  return (
    <Actions role="group" aria-label={`Move ${order.buyer_username}'s ${order.package_name}`}>
      <label htmlFor={field}>New date and time (IST)</label>
      <input id={field} type="datetime-local" step={900} value={value} onChange={(event) => setValue(event.target.value)} disabled={busy} />
      <SmallButton type="button" disabled={busy} onClick={() => void move()}>
        {busy ? 'Moving…' : 'Move booking'}
      </SmallButton>
      <SmallButton type="button" $variant="ghost" disabled={busy} onClick={() => setOpen(false)}>
        Cancel
      </SmallButton>
    </Actions>
  );
}

/** Admin → Bookings: the coming paid consultations, a day or a week at a time, to move or refund. */
export function BookingsPage() {
  usePageMeta({ title: 'Bookings', description: 'The coming consultations.' });
  const [from, setFrom] = useState(istToday);
  const [span, setSpan] = useState<'day' | 'week'>('week');
  const to = span === 'day' ? from : addDays(from, 6);
  const list = useQuery(`bookings:${from}:${to}`, (signal) => adminRequest<AdminOrder[]>('/admin/bookings', { query: { from, to }, signal }));
  const byDay = new Map<string, AdminOrder[]>();
  for (const order of list.data ?? []) byDay.set(istDateOf(order.start_time!), [...(byDay.get(istDateOf(order.start_time!)) ?? []), order]);

  return (
    <>
      <ListHeader title="Bookings" />
      <Toolbar>
        <label>
          From (IST date)
          <input type="date" value={from} onChange={(event) => event.target.value && setFrom(event.target.value)} />
        </label>
        <Actions role="group" aria-label="Show">
          <SmallButton type="button" $variant={span === 'day' ? undefined : 'ghost'} aria-pressed={span === 'day'} onClick={() => setSpan('day')}>
            Day
          </SmallButton>
          <SmallButton type="button" $variant={span === 'week' ? undefined : 'ghost'} aria-pressed={span === 'week'} onClick={() => setSpan('week')}>
            Week
          </SmallButton>
        </Actions>
        <RefreshButton onClick={list.reload} />
      </Toolbar>
      {list.state === 'loading' && <Loading />}
      {list.state === 'error' && <LoadError text={BOOKING_TEXTS.loadFailed} onRetry={list.reload} />}
      {list.state === 'ready' && byDay.size === 0 && <Empty text={BOOKING_TEXTS.empty} />}
      {[...byDay].map(([day, orders]) => (
        <Day key={day} aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`}>{formatDate(orders[0]!.start_time)}</h2>
          <ol>
            {orders.map((order) => (
              <Item key={order.id}>
                <h3>
                  {formatIst(order.start_time)} · {order.package_name}
                </h3>
                <dl>
                  <dt>Buyer</dt>
                  <dd>
                    {order.buyer_username} ({order.attendee_email ?? order.buyer_email})
                  </dd>
                  <dt>Meeting link</dt>
                  <dd>{order.meeting_url ? <a href={order.meeting_url} target="_blank" rel="noopener noreferrer">{order.meeting_url}</a> : '—'}</dd>
                  <dt>To discuss</dt>
                  <dd>
                    <DiscussionCell text={order.discussion} />
                  </dd>
                </dl>
                <Actions>
                  <MoveBooking order={order} onDone={list.reload} />
                  <RefundCell order={order} onDone={list.reload} />
                </Actions>
              </Item>
            ))}
          </ol>
        </Day>
      ))}
    </>
  );
}
