import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Event, EventStatus } from '@site/shared/contracts/events';
import { ButtonLink } from '@site/shared/ui/primitives';
import { usePageMeta } from '@site/shared/page-meta';
import { Actions, Pill, Toolbar } from '../../components/ui';
import { formatIst } from '../../lib/ist';
import { EVENT_STATUSES } from '../../lib/events-api';
import { type Column, ListHeader, PagedTable, RefreshButton, SelectFilter, usePagedList } from '../../components/paged-list';

export const EVENT_TEXTS = { empty: 'No events found.', loadFailed: 'Failed to fetch events.' };

const columns: Column<Event>[] = [
  { header: 'Title', cell: (event) => event.title },
  { header: 'Slug', cell: (event) => event.slug },
  { header: 'Start', cell: (event) => formatIst(event.start_time) },
  {
    header: 'Status',
    cell: (event) => <Pill $tone={event.status === 'published' ? 'ok' : event.status === 'cancelled' ? 'warn' : 'muted'}>{event.status}</Pill>,
  },
  {
    header: 'Actions',
    cell: (event) => (
      <Actions>
        <ButtonLink as={Link} $variant="ghost" to={`/admin/events/edit/${event.id}`} aria-label={`Edit ${event.title}`}>
          Edit
        </ButtonLink>
      </Actions>
    ),
  },
];

export function EventList() {
  usePageMeta({ title: 'Events', description: 'Events by status.' });
  const [status, setStatus] = useState<EventStatus | ''>('');
  const paged = usePagedList<Event>('/admin/events', { status: status || undefined });

  return (
    <>
      <ListHeader title="Events" create={{ to: '/admin/events/new', label: 'New Event' }} />
      <Toolbar>
        <SelectFilter label="Status" value={status} onChange={setStatus} options={EVENT_STATUSES} all />
        <RefreshButton onClick={paged.list.reload} />
      </Toolbar>
      <PagedTable
        paged={paged}
        columns={columns}
        caption={`Events${status ? `: ${status}` : ''}`}
        texts={EVENT_TEXTS}
        pagerOnlyWhenPaged
      />
    </>
  );
}
