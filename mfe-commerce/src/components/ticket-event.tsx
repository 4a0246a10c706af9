import { Link } from 'react-router-dom';
import type { OrderEvent } from '@site/shared/contracts/orders';
import { formatWhen } from '../lib/format';

/** "December 1, 2026 at 4:00 PM IST, until December 1, 2026 at 6:00 PM IST" */
export const eventWhen = (event: OrderEvent) => `${formatWhen(event.start_time)}${event.end_time ? `, until ${formatWhen(event.end_time)}` : ''}`;

/** A ticket's event in an order card's facts: which, when (IST) and where, its title linking its page. */
export function TicketEventFacts({ event }: { event: OrderEvent }) {
  return (
    <>
      <dt>Event</dt>
      <dd>
        <Link to={event.url}>{event.title}</Link>
      </dd>
      <dt>When</dt>
      <dd>
        <time dateTime={event.start_time}>{formatWhen(event.start_time)}</time>
        {event.end_time && (
          <>
            , until <time dateTime={event.end_time}>{formatWhen(event.end_time)}</time>
          </>
        )}
      </dd>
      <dt>Where</dt>
      <dd>{event.location}</dd>
    </>
  );
}

/** Said with the spec's purchase alert for a ticket: the event, when and where, and a link to its page. */
export function TicketToastDetail({ event }: { event: OrderEvent }) {
  return (
    <span data-testid="ticket-toast-detail">
      Your seat is booked: <strong>{event.title}</strong>, {eventWhen(event)}. {event.location}.{' '}
      <a href={event.url}>Event page</a>
    </span>
  );
}
