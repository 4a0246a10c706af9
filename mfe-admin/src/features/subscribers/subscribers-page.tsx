import { useState } from 'react';
import { usePageMeta } from '@site/shared/page-meta';
import { useQuery } from '@site/shared/query';
import { Pill, Toolbar } from '../../components/ui';
import { type Column, ListHeader, PagedList, SelectFilter } from '../../components/paged-list';
import { adminRequest } from '../../lib/api';
import { formatIst } from '../../lib/ist';
import type { SubscriberCounts, SubscriberItem, SubscriberStatus } from '../../lib/admin-types';

const STATUSES: readonly SubscriberStatus[] = ['confirmed', 'pending', 'unsubscribed'];

/** Double opt-in: only confirmed addresses receive posts; a pending one has not followed its link yet. */
const LABEL: Record<SubscriberStatus, string> = { confirmed: 'Confirmed', pending: 'Awaiting confirmation', unsubscribed: 'Unsubscribed' };
const TONE = { confirmed: 'ok', pending: 'muted', unsubscribed: 'warn' } as const;

const columns: Column<SubscriberItem>[] = [
  { header: 'Email', cell: (s) => s.email, long: true },
  { header: 'Status', cell: (s) => <Pill $tone={TONE[s.status]}>{LABEL[s.status]}</Pill> },
  { header: 'Subscribed', cell: (s) => formatIst(s.subscribed_at) },
  { header: 'Confirmed', cell: (s) => formatIst(s.confirmed_at) },
  { header: 'Unsubscribed', cell: (s) => formatIst(s.unsubscribed_at) },
];

/** "9 confirmed (they receive posts), 4 awaiting confirmation, 2 unsubscribed." */
function Counts() {
  const counts = useQuery('subscriber-counts', (signal) => adminRequest<SubscriberCounts>('/admin/subscribers/counts', { signal }));
  if (counts.state === 'loading') return <p role="status">Counting subscribers…</p>;
  if (counts.state === 'error' || !counts.data) return <p role="alert">The counts could not be loaded.</p>;
  const { confirmed, pending, unsubscribed } = counts.data;
  return (
    <p data-testid="subscriber-counts">
      <strong>{confirmed} confirmed</strong> (they receive posts), {pending} awaiting confirmation, {unsubscribed} unsubscribed.
    </p>
  );
}

export function SubscribersPage() {
  usePageMeta({ title: 'Subscribers', description: 'Newsletter subscribers.' });
  const [status, setStatus] = useState<SubscriberStatus | ''>('');
  return (
    <>
      <ListHeader title="Subscribers" />
      <Counts />
      <Toolbar>
        <SelectFilter label="Status" value={status} onChange={setStatus} options={STATUSES} labelOf={(s) => LABEL[s]} all />
      </Toolbar>
      <PagedList
        path="/admin/subscribers"
        filters={{ status: status || undefined }}
        columns={columns}
        caption="Newsletter subscribers"
        texts={{ empty: 'No subscribers found.', loadFailed: 'Failed to load subscribers.' }}
        exportName="subscribers.csv"
      />
    </>
  );
}
