import { z } from 'zod';
import type { OwnHead } from '@site/shared/site-config';

const OwnHeadShape = z.object({ title: z.string().trim().min(1).max(200), description: z.string().trim().min(1).max(500) });

/**
 * The head a remote's page module declares (its `head` export, shared/site-config's `PageHeadOf`)
 * for its route's props: the texts the remote owns, read from the live release's module, so that
 * releasing the remote changes the server HTML's head as it changes the page. Null when the module
 * declares none, or declares something else than a title and a description.
 */
export function ownHeadOf(module: unknown, props: Readonly<Record<string, string>>): OwnHead | null {
  const head: unknown = typeof module === 'object' && module !== null ? Reflect.get(module, 'head') : undefined;
  if (typeof head !== 'function') return null;
  // The module's code is the remote's: its answer is checked, not trusted to be of the type it says,
  // and a throw leaves the page the site's default head (it must not cost the page its render).
  let declared: unknown;
  try {
    declared = (head as (props: Readonly<Record<string, string>>) => unknown)(props);
  } catch {
    return null;
  }
  const parsed = OwnHeadShape.safeParse(declared);
  return parsed.success ? parsed.data : null;
}
