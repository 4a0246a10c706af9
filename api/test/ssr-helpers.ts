import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const SHELL_HTML = '<!doctype html><html><head><title>Tiny Titans AI</title></head><body><div id="root"></div></body></html>';

/** The shell's HTML with a head of its own, which the server's head for a page replaces. */
export const DEFAULT_HEAD_SHELL_HTML = `<!doctype html><html><head>
<title>Tiny Titans AI | default</title>
<meta name="description" content="Default description.">
</head><body><div id="root"></div></body></html>`;

/** A web root holding the shell's HTML only: pages are served with their head, not rendered. */
export async function shellWebRoot(html = SHELL_HTML): Promise<string> {
  const webRoot = await mkdtemp(path.join(tmpdir(), 'shell-'));
  await mkdir(path.join(webRoot, 'shell', 'dist'), { recursive: true });
  await writeFile(path.join(webRoot, 'shell', 'dist', 'index.html'), html);
  return webRoot;
}

/**
 * A stand-in for the shell's server container (`shell/ServerApp`), in the form the real one is
 * built (a CommonJS module exporting the container by its federation name): /contact throws, /terms
 * never finishes, the others show the location and what the page was rendered from.
 */
const SHELL_CONTAINER = `
const React = require('react');
function ServerApp({ location, preloaded }) {
  if (location === '/contact') throw new Error('a page that fails to render');
  if (location === '/terms') React.use(new Promise(() => {}));
  const events = preloaded['/events?status=published'];
  return React.createElement('main', null,
    React.createElement('h1', null, 'Rendered ' + location),
    events ? React.createElement('p', null, 'events: ' + events.map((event) => event.title).join(', ')) : null);
}
module.exports = { shell: { init() {}, get() { return Promise.resolve(() => ({ ServerApp })); } } };
`;

/**
 * The fixed pages' heads the stand-in remotes declare (their modules' `head`), as a remote's own
 * texts: the api has no copy of them.
 */
const HEADS: Record<string, string> = {
  mfe_marketing: `{
    './ContactPage': () => ({ title: 'Write to us', description: 'The contact page, as mfe_marketing words it.' }),
    './PolicyPage': ({ policy }) => ({ title: 'The ' + policy + ' policy', description: 'The ' + policy + ' policy, as mfe_marketing words it.' }),
  }`,
  mfe_community: `{ './CommunityPage': () => ({ title: 'Our community', description: 'The community page, as mfe_community words it.' }) }`,
};

/** A remote's server container; `heads` replaces the heads its modules declare (a release of new texts). */
export const remoteContainer = (name: string, heads = HEADS[name] ?? '{}') => `
const heads = ${heads};
module.exports = { ${name}: { init() {}, get(module) { return Promise.resolve(() => ({ default: () => null, ...(heads[module] ? { head: heads[module] } : {}) })); } } };
`;

/** A built site in miniature: the shell's HTML and remotes.json, and a server container per front end. */
export async function fakeWebRoot(): Promise<string> {
  const webRoot = await mkdtemp(path.join(tmpdir(), 'ssr-'));
  const shell = path.join(webRoot, 'shell', 'dist');
  await mkdir(path.join(shell, 'server'), { recursive: true });
  await writeFile(path.join(shell, 'index.html'), SHELL_HTML);
  await writeFile(path.join(shell, 'server', 'remoteEntry.js'), SHELL_CONTAINER);
  const remotes: Record<string, string> = {};
  for (const [dir, name] of [
    ['mfe-marketing', 'mfe_marketing'],
    ['mfe-community', 'mfe_community'],
    ['mfe-commerce', 'mfe_commerce'],
    ['mfe-admin', 'mfe_admin'],
  ] as const) {
    await mkdir(path.join(webRoot, dir, 'dist', 'server'), { recursive: true });
    await writeFile(path.join(webRoot, dir, 'dist', 'server', 'remoteEntry.js'), remoteContainer(name));
    remotes[name] = `/remotes/${dir}/remoteEntry.js`;
  }
  await writeFile(path.join(shell, 'remotes.json'), JSON.stringify(remotes));
  return webRoot;
}
