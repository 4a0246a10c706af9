// The api serves browser code compiled by its build; the tests run the sources, so they compile it first.
import { buildBrowserScripts } from '../scripts/browser-scripts.mjs';

export default async function setup(): Promise<void> {
  await buildBrowserScripts();
}
