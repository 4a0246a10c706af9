import { REMOTE_NAMES, type RemoteName } from '@site/shared/remotes';

/** `/remotes.json`: where each remote's entry lives, read at run time so remotes deploy on their own. */
export type RemotesConfig = Record<RemoteName, string>;

// A hand-written check rather than a schema library: this runs before anything renders, on every page.
export const RemotesConfig = {
  parse(value: unknown): RemotesConfig {
    if (typeof value !== 'object' || value === null) throw new Error('remotes.json is not an object');
    const record = value as Record<string, unknown>;
    const config = {} as RemotesConfig;
    for (const name of REMOTE_NAMES) {
      const url = record[name];
      if (typeof url !== 'string' || url.length === 0) throw new Error(`remotes.json names no entry for ${name}`);
      config[name] = url;
    }
    return config;
  },
};

/** The id of the remote list a server-rendered page carries (api/src/modules/ssr/html.ts). */
const REMOTES_SCRIPT_ID = 'remotes-config';

/** The remote list the page was rendered with, read once: a retry after a failure asks the server. */
function fromPage(): RemotesConfig | null {
  const script = document.getElementById(REMOTES_SCRIPT_ID);
  if (!script) return null;
  script.remove();
  try {
    return RemotesConfig.parse(JSON.parse(script.textContent ?? ''));
  } catch {
    return null;
  }
}

let pending: Promise<RemotesConfig> | null = null;

/**
 * The remotes' locations: those the page was rendered with when it carries them (the same versions
 * its markup came from, and no round trip), else fetched as early as possible, in parallel with the
 * app bundle.
 */
export function startRemotesConfigFetch(): Promise<RemotesConfig> {
  const inPage = pending ? null : fromPage();
  if (inPage) pending = Promise.resolve(inPage);
  pending ??= fetch('/remotes.json', { cache: 'no-cache' })
    .then((response) => {
      if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
      return response.json();
    })
    .then((json: unknown) => RemotesConfig.parse(json))
    .catch((error: unknown) => {
      pending = null; // a retry asks again
      throw error;
    });
  return pending;
}
