import { useState } from 'react';
import { usePageMeta } from '@site/shared/page-meta';
import { Pill, Toolbar } from '../../components/ui';
import { type Column, ListHeader, PagedList, SelectFilter } from '../../components/paged-list';
import { formatIst } from '../../lib/ist';
import type { SubscriberItem } from '../../lib/admin-types';

const STATUSES = ['subscribed', 'unsubscribed'] as const;

const columns: Column<SubscriberItem>[] = [
  { header: 'Email', cell: (s) => s.email },
  {
    header: 'Status',
    cell: (s) => <Pill $tone={s.status === 'subscribed' ? 'ok' : 'warn'}>{s.status === 'subscribed' ? 'Subscribed' : 'Unsubscribed'}</Pill>,
  },
  { header: 'Subscribed', cell: (s) => formatIst(s.subscribed_at) },
  { header: 'Unsubscribed', cell: (s) => formatIst(s.unsubscribed_at) },
];

export function SubscribersPage() {
  usePageMeta({ title: 'Subscribers', description: 'Newsletter subscribers.' });
  const [status, setStatus] = useState<(typeof STATUSES)[number] | ''>('');
  return (
    <>
      <ListHeader title="Subscribers" />
      <Toolbar>
        <SelectFilter label="Status" value={status} onChange={setStatus} options={STATUSES} all />
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
