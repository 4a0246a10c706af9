import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_DIR } from '../paths';

/** A script the api serves to browsers, compiled from api/browser/<name>.ts by the build. */
export interface BrowserScript {
  code: string;
  /** The CSP source that allows exactly this script inline (`'sha256-…'`), worked out by the build. */
  csp: string;
}

type Name = 'deferred-entry' | 'early-presses' | 'sandbox-checkout';

let scripts: Record<Name, BrowserScript> | undefined;

/** The compiled script (api/scripts/browser-scripts.mjs writes them; `pnpm build` runs it). */
export function browserScript(name: Name): BrowserScript {
  scripts ??= JSON.parse(readFileSync(path.join(API_DIR, 'dist', 'browser', 'scripts.json'), 'utf8')) as Record<Name, BrowserScript>;
  return scripts[name];
}
