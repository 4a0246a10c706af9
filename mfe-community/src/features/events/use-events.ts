import { useMemo } from 'react';
import type { Event } from '@site/shared/contracts/events';
import { useApiRead } from '@site/shared/query';
import { publishedEventsKey } from './events-api';
import { sampleEvents } from './sample-events';

export type EventsState =
  | { phase: 'loading' }
  | { phase: 'ready'; events: Event[]; usingSamples: boolean; failed: boolean };

/** Published events; samples stand in when there are none or loading fails (the failure is flagged). */
export function useEvents(): EventsState {
  const read = useApiRead<Event[]>(publishedEventsKey);
  const { state, data } = read;
  return useMemo((): EventsState => {
    if (state === 'loading') return { phase: 'loading' };
    const upcoming = state === 'ready' ? (data ?? []).filter((event) => event.status === 'published') : [];
    if (upcoming.length) return { phase: 'ready', events: upcoming, usingSamples: false, failed: false };
    return { phase: 'ready', events: sampleEvents(), usingSamples: true, failed: state === 'error' };
  }, [state, data]);
}
