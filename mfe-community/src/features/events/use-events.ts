import { useEffect, useState } from 'react';
import type { Event } from '@site/shared/contracts/events';
import { fetchPublishedEvents } from './events-api';
import { sampleEvents } from './sample-events';

export type EventsState =
  | { phase: 'loading' }
  | { phase: 'ready'; events: Event[]; usingSamples: boolean; failed: boolean };

/** Published events; samples stand in when there are none or loading fails (the failure is flagged). */
export function useEvents(): EventsState {
  const [state, setState] = useState<EventsState>({ phase: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchPublishedEvents(controller.signal)
      .then((events) => {
        const upcoming = events.filter((event) => event.status === 'published');
        setState(
          upcoming.length
            ? { phase: 'ready', events: upcoming, usingSamples: false, failed: false }
            : { phase: 'ready', events: sampleEvents(), usingSamples: true, failed: false },
        );
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setState({ phase: 'ready', events: sampleEvents(), usingSamples: true, failed: true });
      });
    return () => controller.abort();
  }, []);
  return state;
}
