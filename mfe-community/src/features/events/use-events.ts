import { useEffect, useState } from 'react';
import { usePreloaded } from '@site/shared/preloaded';
import type { Event } from '@site/shared/contracts/events';
import { fetchPublishedEvents, publishedEventsKey } from './events-api';
import { sampleEvents } from './sample-events';

export type EventsState =
  | { phase: 'loading' }
  | { phase: 'ready'; events: Event[]; usingSamples: boolean; failed: boolean };

/** Published events; samples stand in when there are none or loading fails (the failure is flagged). */
function readyState(events: Event[]): EventsState {
  const upcoming = events.filter((event) => event.status === 'published');
  return upcoming.length
    ? { phase: 'ready', events: upcoming, usingSamples: false, failed: false }
    : { phase: 'ready', events: sampleEvents(), usingSamples: true, failed: false };
}

export function useEvents(): EventsState {
  const preloaded = usePreloaded<Event[]>(publishedEventsKey);
  const [state, setState] = useState<EventsState>(() => (preloaded ? readyState(preloaded) : { phase: 'loading' }));
  const hasPreloaded = preloaded !== undefined;
  useEffect(() => {
    if (hasPreloaded) return undefined;
    const controller = new AbortController();
    fetchPublishedEvents(controller.signal)
      .then((events) => setState(readyState(events)))
      .catch(() => {
        if (controller.signal.aborted) return;
        setState({ phase: 'ready', events: sampleEvents(), usingSamples: true, failed: true });
      });
    return () => controller.abort();
  }, [hasPreloaded]);
  return state;
}
