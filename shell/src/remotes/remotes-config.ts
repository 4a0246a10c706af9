// zod/mini: the same validation at a fraction of the bytes, since this runs before anything renders.
import { z } from 'zod/mini';

/** `/remotes.json`: where each remote's entry lives, read at run time so remotes deploy on their own. */
export const RemotesConfig = z.object({
  mfe_marketing: z.string().check(z.minLength(1)),
  mfe_community: z.string().check(z.minLength(1)),
  mfe_commerce: z.string().check(z.minLength(1)),
  mfe_admin: z.string().check(z.minLength(1)),
});
export type RemotesConfig = z.infer<typeof RemotesConfig>;

let pending: Promise<RemotesConfig> | null = null;

/** Starts fetching the remotes' locations as early as possible, in parallel with the app bundle. */
export function startRemotesConfigFetch(): Promise<RemotesConfig> {
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
