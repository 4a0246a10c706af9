// @ts-check
// The remotes the shell composes, declared once. Plain JavaScript so that everything can read it
// as it is: the shell and the remotes (bundled), the rspack configs, eslint.config.js, the api and
// its scripts (Node, no TypeScript loader).

/** The shell's own dev server; each remote has its own below. */
export const SHELL_DEV_PORT = 8080;

/**
 * Each remote by federation name: its dev server's port, the modules it exposes (`server`: the api
 * renders it too, so it is in the remote's server container; `browser`: only the browser loads it),
 * and the paths it serves (the module each renders, a label for the log, fixed props, and who may
 * see it: `signed-in` waits for a session, `admin` loads the remote only for an admin). An exposed
 * module `HomePage` is the file `src/app/home-page.tsx` of the remote's package `mfe-<name>`.
 */
export const REMOTES = /** @type {const} */ ({
  mfe_marketing: {
    devPort: 8081,
    exposes: { HomePage: 'server', ServicePage: 'server', PolicyPage: 'server', ContactPage: 'server' },
    routes: {
      '/': { module: 'HomePage', what: 'the home page' },
      '/services/:slug': { module: 'ServicePage', what: 'the service page' },
      '/refund': { module: 'PolicyPage', props: { policy: 'refund' } },
      '/privacy': { module: 'PolicyPage', props: { policy: 'privacy' } },
      '/terms': { module: 'PolicyPage', props: { policy: 'terms' } },
      '/contact': { module: 'ContactPage', what: 'the contact page' },
    },
  },
  mfe_community: {
    devPort: 8082,
    exposes: { CommunityPage: 'server', BlogPage: 'server', EventPage: 'server' },
    routes: {
      '/community': { module: 'CommunityPage', what: 'the community page' },
      '/blog/:slug': { module: 'BlogPage', what: 'the blog post' },
      '/event/:slug': { module: 'EventPage', what: 'the event' },
    },
  },
  mfe_commerce: {
    devPort: 8083,
    exposes: { BookingSection: 'server', PackagePage: 'server', OrdersPage: 'browser', EventPackages: 'server' },
    routes: {
      '/packages/:slug': { module: 'PackagePage', what: 'the package' },
      '/orders': { module: 'OrdersPage', what: 'your orders', access: 'signed-in' },
    },
  },
  mfe_admin: {
    devPort: 8084,
    exposes: { AdminApp: 'browser' },
    routes: {
      '/admin/*': { module: 'AdminApp', what: 'the admin area', access: 'admin' },
    },
  },
});

/** @typedef {keyof typeof REMOTES} RemoteName */

/** The federation names, in declaration order. */
export const REMOTE_NAMES = /** @type {RemoteName[]} */ (/* @__PURE__ */ Object.keys(REMOTES));

/**
 * A remote's package folder, which is also its path under `/remotes/` on the site.
 * @param {RemoteName} name
 */
export const remoteDir = (name) => name.replace('_', '-');

/** The remotes' package folders, in declaration order. */
export const REMOTE_DIRS = /* @__PURE__ */ REMOTE_NAMES.map(remoteDir);

const fileOf = (/** @type {string} */ module) => `./src/app/${module.replace(/(?<=.)[A-Z]/g, (c) => `-${c}`).toLowerCase()}.tsx`;

/**
 * A remote's exposed modules as the federation plugin takes them: all of them, or only those the
 * api renders (its server container).
 * @param {RemoteName} name
 * @param {'server'} [only]
 * @returns {Record<string, string>}
 */
export function exposesOf(name, only) {
  return Object.fromEntries(
    Object.entries(REMOTES[name].exposes)
      .filter(([, where]) => !only || where === only)
      .map(([module]) => [`./${module}`, fileOf(module)]),
  );
}

/**
 * Whether the api renders any of a remote's modules, so its build has a server container.
 * @param {RemoteName} name
 */
export const hasServerContainer = (name) => Object.values(REMOTES[name].exposes).includes('server');
