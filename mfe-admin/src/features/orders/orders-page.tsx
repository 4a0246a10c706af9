import { IST_OFFSET } from '@site/shared/contracts/booking-policy';
import { useState } from 'react';
import { messageOf } from '@site/shared/api-client';
import { usePageMeta } from '@site/shared/page-meta';
import { formatPaise } from '@site/shared/money';
import { toast } from '@site/shared/toast';
import { Actions, Pill, SmallButton, Toolbar } from '../../components/ui';
import { DiscussionCell, RefundCell } from '../../components/order-cells';
import { type Column, ListHeader, PagedList, SelectFilter } from '../../components/paged-list';
import { adminRequest } from '../../lib/api';
import { formatIst } from '../../lib/ist';
import type { AdminOrder, OrderKind, OrderStatus } from '../../lib/admin-types';
import { ORDER_STATUS_LABEL } from '@site/shared/order-status';

const STATUSES: OrderStatus[] = ['created', 'paid', 'failed', 'expired', 'refunded'];

/** The buyer's words for a status; admin alone tells a failed attempt from one not yet made. */
const statusText = (status: OrderStatus) => (status === 'failed' ? `${ORDER_STATUS_LABEL.failed}, an attempt failed` : ORDER_STATUS_LABEL[status]);
const KINDS: OrderKind[] = ['consultation', 'package'];

/** A date input's day read as an IST calendar day: its first instant, ISO. */
const istDayStart = (day: string, plusDays = 0) =>
  day ? new Date(Date.parse(`${day}T00:00:00${IST_OFFSET}`) + plusDays * 86_400_000).toISOString() : undefined;




/** A paid booking's own meeting link, which an admin may replace with another (never another booking's). */
function MeetingCell({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(order.meeting_url ?? '');
  const [busy, setBusy] = useState(false);
  if (!order.meeting_url) return <>—</>;
  const field = `meeting-${order.id}`;

  async function save() {
    setBusy(true);
    try {
      await adminRequest(`/admin/orders/${encodeURIComponent(order.id)}/meeting-link`, { method: 'PUT', body: { meeting_url: value.trim() } });
      toast.success('Meeting link saved. Reminders and the invitation from now on name it.');
      setEditing(false);
      onDone();
    } catch (error) {
      toast.error(messageOf(error, 'The meeting link was not saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  if (!editing) {
    return (
      <Actions>
        <a href={order.meeting_url} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
          {order.meeting_url}
        </a>
        <SmallButton type="button" $variant="ghost" onClick={() => setEditing(true)} aria-label={`Change the meeting link of ${order.buyer_username}'s ${order.package_name}`}>
          Change
        </SmallButton>
      </Actions>
    );
  }
  return (
    <Actions role="group" aria-label="Change the meeting link">
      <label htmlFor={field} className="visually-hidden">
        New meeting link
      </label>
      <input id={field} type="url" inputMode="url" value={value} disabled={busy} onChange={(event) => setValue(event.target.value)} autoFocus />
      <SmallButton type="button" disabled={busy} onClick={() => void save()}>
        {busy ? 'Saving…' : 'Save'}
      </SmallButton>
      <SmallButton type="button" $variant="ghost" disabled={busy} onClick={() => setEditing(false)}>
        Cancel
      </SmallButton>
    </Actions>
  );
}

export function OrdersPage() {
  usePageMeta({ title: 'Orders', description: 'Orders and refunds.' });
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [kind, setKind] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [version, setVersion] = useState(0);

  const columns: Column<AdminOrder>[] = [
    { header: 'Ordered', cell: (o) => formatIst(o.created_at) },
    { header: 'Buyer', cell: (o) => `${o.buyer_username} (${o.buyer_email})`, long: true },
    { header: 'Package', cell: (o) => `${o.package_name} · ${o.kind}` },
    { header: 'Amount', cell: (o) => formatPaise(o.amount_paise), numeric: true },
    { header: 'Status', cell: (o) => <Pill $tone={o.status === 'paid' ? 'ok' : o.status === 'refunded' ? 'warn' : 'muted'}>{statusText(o.status)}</Pill> },
    // What the buyer would like to discuss folds under the time it is for: one column fewer fits a desktop's table.
    {
      header: 'Booked time',
      long: true,
      cell: (o) =>
        o.start_time ? (
          <>
            {formatIst(o.start_time)}
            {o.discussion ? (
              <details>
                <summary>To discuss</summary>
                <DiscussionCell text={o.discussion} />
              </details>
            ) : null}
          </>
        ) : (
          '—'
        ),
    },
    { header: 'Meeting link', long: true, cell: (o) => <MeetingCell order={o} onDone={() => setVersion((v) => v + 1)} /> },
    { header: 'Actions', cell: (o) => <RefundCell order={o} onDone={() => setVersion((v) => v + 1)} /> },
  ];

  return (
    <>
      <ListHeader title="Orders" />
      <Toolbar>
        <SelectFilter label="Status" value={status} onChange={setStatus} options={STATUSES} labelOf={statusText} all />
        <SelectFilter label="Kind" value={kind} onChange={setKind} options={KINDS} all />
        <label>
          From (IST date)
          <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          To (IST date, inclusive)
          <input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
      </Toolbar>
      <PagedList
        path="/admin/orders"
        filters={{ status: status || undefined, kind: kind || undefined, from: istDayStart(from), to: istDayStart(to, 1) }}
        columns={columns}
        caption="Orders, newest first"
        texts={{ empty: 'No orders found.', loadFailed: 'Failed to load orders.' }}
        exportName="orders.csv"
        version={version}
      />
    </>
  );
}
