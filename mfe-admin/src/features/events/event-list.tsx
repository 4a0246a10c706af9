import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Event, EventStatus } from '@site/shared/contracts/events';
import { Button, ButtonLink } from '@site/shared/ui/primitives';
import { usePageMeta } from '@site/shared/page-meta';
import { Actions, DataTable, Empty, LoadError, Loading, PageHeader, Pill, Toolbar } from '../../components/ui';
import { formatIst } from '../../lib/ist';
import { EVENT_STATUSES } from './events-api';
import { Pager, usePagedList } from '../../components/paged-list';

export const EVENT_TEXTS = { empty: 'No events found.', loadFailed: 'Failed to fetch events.' };

export function EventList() {
  usePageMeta({ title: 'Events', description: 'Events by status.' });
  const [status, setStatus] = useState<EventStatus | ''>('');
  const { list: events, page, setPage } = usePagedList<Event>('/admin/events', { status: status || undefined });

  return (
    <>
      <PageHeader>
        <h1>Events</h1>
        <ButtonLink as={Link} to="/admin/events/new">
          New Event
        </ButtonLink>
      </PageHeader>
      <Toolbar>
        <label>
          Status
          <select value={status} onChange={(event) => setStatus(event.target.value as EventStatus | '')}>
            <option value="">all</option>
            {EVENT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <Button type="button" $variant="ghost" onClick={events.reload}>
          Refresh
        </Button>
      </Toolbar>
      {events.state === 'loading' && <Loading />}
      {events.state === 'error' && <LoadError text={EVENT_TEXTS.loadFailed} onRetry={events.reload} />}
      {events.state === 'ready' && events.data.items.length === 0 && <Empty text={EVENT_TEXTS.empty} />}
      {events.state === 'ready' && events.data.items.length > 0 && (
        <DataTable caption={`Events${status ? `: ${status}` : ''}`}>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Slug</th>
              <th scope="col">Start</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {events.data.items.map((event) => (
              <tr key={event.id}>
                <td>{event.title}</td>
                <td>{event.slug}</td>
                <td>{formatIst(event.start_time)}</td>
                <td>
                  <Pill $tone={event.status === 'published' ? 'ok' : event.status === 'cancelled' ? 'warn' : 'muted'}>{event.status}</Pill>
                </td>
                <td>
                  <Actions>
                    <ButtonLink as={Link} $variant="ghost" to={`/admin/events/edit/${event.id}`} aria-label={`Edit ${event.title}`}>
                      Edit
                    </ButtonLink>
                  </Actions>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {events.state === 'ready' && events.data.total > events.data.page_size && <Pager data={events.data} page={page} setPage={setPage} />}
    </>
  );
}
