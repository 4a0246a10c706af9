import { z } from 'zod';

const RemoteName = z.enum(['mfe_marketing', 'mfe_community', 'mfe_commerce', 'mfe_admin']);

/** `/remotes.json`: where each remote's entry lives, read at run time so remotes deploy on their own. */
export const RemotesConfig = z.record(RemoteName, z.string().min(1)).refine(
  (value) => RemoteName.options.every((name) => typeof value[name] === 'string'),
  { message: 'remotes.json must name every remote' },
);
export type RemotesConfig = Record<z.infer<typeof RemoteName>, string>;

let pending: Promise<RemotesConfig> | null = null;

/** Starts fetching the remotes' locations as early as possible, in parallel with the app bundle. */
export function startRemotesConfigFetch(): Promise<RemotesConfig> {
  pending ??= fetch('/remotes.json', { cache: 'no-cache' })
    .then((response) => {
      if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
      return response.json();
    })
    .then((json: unknown) => RemotesConfig.parse(json) as RemotesConfig)
    .catch((error: unknown) => {
      pending = null; // a retry asks again
      throw error;
    });
  return pending;
}
