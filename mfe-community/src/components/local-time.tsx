import { useHydrated } from '@site/shared/preloaded';
import { formatDate, formatDateTime, formatStable } from '../lib/format-date';

/**
 * A `<time>` in the visitor's locale and zone. The server cannot know them: it renders India's
 * (where the events are), and the browser switches once hydrated, so hydration sees the same text.
 */
export function LocalTime({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const hydrated = useHydrated();
  const text = hydrated ? (withTime ? formatDateTime(iso) : formatDate(iso)) : formatStable(iso, withTime);
  return <time dateTime={iso}>{text}</time>;
}
