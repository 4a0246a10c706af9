// @ts-check
// The remotes the shell composes, declared once. Plain JavaScript so that everything can read it
// as it is: the shell and the remotes (bundled), the rspack configs, eslint.config.js, the api and
// its scripts (Node, no TypeScript loader).

/** The shell's own dev server; each remote has its own below. */
export const SHELL_DEV_PORT = 8080;

/**
 * Each remote by federation name: its dev server's port, the paths it serves (the module each
 * renders, a label for the log, fixed props, and who may see it: `signed-in` waits for a session,
 * `admin` loads the remote only for an admin) and the sections other pages compose. These modules
 * are what the remote exposes; the api renders all but those behind a session, so only those are
 * left out of the remote's server container. A module `HomePage` is the file
 * `src/app/home-page.tsx` of the remote's package (`mfe-<name>`).
 */
export const REMOTES = /** @type {const} */ ({
  mfe_marketing: {
    devPort: 8081,
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
    routes: {
      '/community': { module: 'CommunityPage', what: 'the community page' },
      '/blog/:slug': { module: 'BlogPage', what: 'the blog post' },
      '/event/:slug': { module: 'EventPage', what: 'the event' },
    },
  },
  mfe_commerce: {
    devPort: 8083,
    routes: {
      '/packages/:slug': { module: 'PackagePage', what: 'the package' },
      '/orders': { module: 'OrdersPage', what: 'your orders', access: 'signed-in' },
    },
    sections: ['BookingSection', 'EventPackages'],
  },
  mfe_admin: {
    devPort: 8084,
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
 * A remote's modules: those its routes render and the sections it lends, each with whether the api
 * renders it (everything not behind a session).
 * @param {RemoteName} name
 * @returns {[string, boolean][]}
 */
function modulesOf(name) {
  /** @type {{ routes: Record<string, { module: string, access?: string }>, sections?: readonly string[] }} */
  const remote = REMOTES[name];
  const rendered = new Map(/** @type {[string, boolean][]} */ ((remote.sections ?? []).map((module) => [module, true])));
  for (const { module, access } of Object.values(remote.routes)) rendered.set(module, (rendered.get(module) ?? false) || !access);
  return [...rendered];
}

/**
 * A remote's exposed modules as the federation plugin takes them: all of them, or only those the
 * api renders (its server container).
 * @param {RemoteName} name
 * @param {'server'} [only]
 * @returns {Record<string, string>}
 */
export function exposesOf(name, only) {
  return Object.fromEntries(
    modulesOf(name)
      .filter(([, rendered]) => !only || rendered)
      .map(([module]) => [`./${module}`, fileOf(module)]),
  );
}

/**
 * Whether the api renders any of a remote's modules, so its build has a server container.
 * @param {RemoteName} name
 */
export const hasServerContainer = (name) => modulesOf(name).some(([, rendered]) => rendered);
