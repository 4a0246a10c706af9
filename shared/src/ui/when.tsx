import { formatVisitorWhen, formatWhen } from '../dates';
import { useHydrated } from '../preloaded';

/**
 * An instant as the site shows it: India's time first, labelled; with a time, the visitor's own
 * beside it when their zone differs ("Your time: …"). The visitor's zone is unknown on the server,
 * so it is added only once hydrated and the first render matches the server's HTML.
 */
export function When({ iso, withTime = true }: { iso: string; withTime?: boolean }) {
  const hydrated = useHydrated();
  const visitor = withTime && hydrated ? formatVisitorWhen(iso) : null;
  return (
    <>
      <time dateTime={iso}>{formatWhen(iso, withTime)}</time>
      {visitor && <span style={{ display: 'block' }}>Your time: {visitor}</span>}
    </>
  );
}
