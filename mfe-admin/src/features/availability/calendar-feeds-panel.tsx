import { useState, type FormEvent } from 'react';
import { CalendarFeedBody, type CalendarFeed, type CalendarFeeds } from '@site/shared/contracts/availability';
import { useQuery } from '@site/shared/query';
import { toast } from '@site/shared/toast';
import { Button, StatusText } from '@site/shared/ui/primitives';
import { Actions, DataTable, Empty, FailureAlert, FormCard, InputField, LoadError, Loading, Pill, SmallButton } from '../../components/ui';
import { formatIst } from '../../lib/ist';
import { adminRequest } from '../../lib/api';
import { useAction } from '../../lib/use-action';

export const FEED_TEXTS = {
  loadFailed: 'Failed to load the calendars.',
  none: 'No calendars yet: only bookings made here block times.',
  added: 'Calendar added.',
  removed: 'Calendar removed: its busy times no longer block bookings.',
  saveFailed: 'The calendar was not added. Please try again.',
};

const PATH = '/admin/availability/feeds';

function Status({ feed }: { feed: CalendarFeed }) {
  if (feed.error) {
    return (
      <>
        <Pill $tone="warn">Failing</Pill> {feed.error}
        {feed.fetched_at ? ` Still using the fetch of ${formatIst(feed.fetched_at)}.` : ' Nothing fetched yet.'}
      </>
    );
  }
  if (!feed.fetched_at) return <Pill $tone="muted">Not fetched yet</Pill>;
  return (
    <>
      <Pill $tone="ok">OK</Pill> {feed.busy_count} busy times, fetched {formatIst(feed.fetched_at)}
    </>
  );
}

/** Admin → Availability: the consultant's own calendars, whose busy times block bookings, and the bookings' own feed. */
export function CalendarFeedsPanel() {
  const list = useQuery('calendar-feeds', () => adminRequest<CalendarFeeds>(PATH));
  const [label, setLabel] = useState('');
  const [url, setUrl] = useState('');
  const { busy, failure, error, run, submit, editing } = useAction(FEED_TEXTS.saveFailed);

  function add(event: FormEvent) {
    event.preventDefault();
    void submit(CalendarFeedBody.safeParse({ label, url }), 'Check the name and the address.', async (body) => {
      const feed = await adminRequest<CalendarFeed>(PATH, { method: 'POST', body });
      toast[feed.error ? 'error' : 'success'](feed.error ? `Calendar added, but: ${feed.error}` : FEED_TEXTS.added);
      setLabel('');
      setUrl('');
      list.reload();
    });
  }
  const act = (work: () => Promise<unknown>, done?: string) =>
    void run(async () => {
      await work();
      if (done) toast.success(done);
      list.reload();
    });

  return (
    <section aria-labelledby="feeds-heading" style={{ marginTop: 32 }}>
      <h2 id="feeds-heading">Your own calendars</h2>
      <StatusText $tone="muted">
        Paste the secret iCalendar address of a calendar (in Google Calendar: Settings → your calendar → Secret address in iCal format). Its busy times
        block bookings; it is read every 5 minutes.
      </StatusText>
      {list.state === 'loading' && !list.data && <Loading text="Loading the calendars…" />}
      {list.state === 'error' && <LoadError text={FEED_TEXTS.loadFailed} error={list.error} onRetry={list.reload} />}
      {list.data && list.data.feeds.length === 0 && <Empty text={FEED_TEXTS.none} />}
      {list.data && list.data.feeds.length > 0 && (
        <DataTable caption="Your calendars" cards={640}>
          <thead>
            <tr>
              <th scope="col">Calendar</th>
              <th scope="col">Address</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.data.feeds.map((feed) => (
              <tr key={feed.id}>
                <td data-label="Calendar">{feed.label}</td>
                <td data-label="Address">{feed.url_hint}</td>
                <td data-label="Status">
                  <Status feed={feed} />
                </td>
                <td data-label="Actions">
                  <Actions>
                    <SmallButton type="button" $variant="ghost" disabled={busy} aria-label={`Fetch ${feed.label} now`} onClick={() => act(() => adminRequest(`${PATH}/${feed.id}/refresh`, { method: 'POST' }))}>
                      Fetch now
                    </SmallButton>
                    <SmallButton type="button" $variant="ghost" disabled={busy} aria-label={`Remove ${feed.label}`} onClick={() => act(() => adminRequest(`${PATH}/${feed.id}`, { method: 'DELETE' }), FEED_TEXTS.removed)}>
                      Remove
                    </SmallButton>
                  </Actions>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <FormCard noValidate onSubmit={add} aria-label="Add a calendar" style={{ marginTop: 16 }}>
        <fieldset disabled={busy}>
          <InputField
            id="feed-label"
            label="Name"
            value={label}
            maxLength={100}
            onChange={editing(setLabel)}
            error={null}
          />
          <InputField
            id="feed-url"
            label="Secret address (iCal)"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
            value={url}
            onChange={editing(setUrl)}
            hint="Kept secret: only its host is shown here afterwards."
            error={error}
          />
          <div className="buttons">
            <Button type="submit">{busy ? 'Adding…' : 'Add Calendar'}</Button>
          </div>
        </fieldset>
        <FailureAlert failure={failure} />
      </FormCard>
      {list.data && (
        <FormCard as="div" style={{ marginTop: 16 }}>
          <InputField
            id="bookings-feed"
            label="Subscribe to your bookings"
            readOnly
            value={list.data.bookings_feed_url}
            onFocus={(event) => event.currentTarget.select()}
            hint="Add this secret address to your calendar app (“From URL” / “Subscribe”) to see every paid booking there. Keep it private."
            error={null}
          />
        </FormCard>
      )}
    </section>
  );
}
