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
 *
 * A rendered route also names the api reads its page makes (`reads`, see `Read`) and what a write
 * must change for its rendered HTML to be forgotten (`tags`). The api reads them before rendering
 * and writes the answers into the page; the components take their keys from here (`routeRead` in
 * `@site/shared/preloaded`), so the browser hydrates from those answers without asking again. A page
 * about one thing names the read that finds it (`subject`, also its key in site-config's
 * NOT_FOUND_META): an empty answer makes the page a 404.
 */
export const REMOTES = /** @type {const} */ ({
  mfe_marketing: {
    devPort: 8081,
    routes: {
      '/': {
        module: 'HomePage',
        what: 'the home page',
        // The pricing section (commerce's booking section) shows the consultation catalogue.
        reads: { packages: { path: '/bookings/packages' } },
        tags: ['consultations'],
      },
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
      '/community': {
        module: 'CommunityPage',
        what: 'the community page',
        reads: {
          events: { path: '/events', query: { status: 'published' } },
          blogs: { path: '/blogs/search', query: { field: 'status', value: 'published' }, html: ['content'] },
          // The memberships: the subscription packages, each linking its page (bought there).
          memberships: { path: '/packages/public/search', query: { field: 'package_type', value: 'subscription' } },
        },
        tags: ['events', 'blogs', 'packages'],
      },
      '/blog/:slug': {
        module: 'BlogPage',
        what: 'the blog post',
        reads: { blog: { path: '/blogs/search', query: { field: 'slug', value: ':slug' }, html: ['content'] } },
        subject: 'blog',
        tags: ['blogs'],
      },
      '/event/:slug': {
        module: 'EventPage',
        what: 'the event',
        reads: {
          event: { path: '/events/search', query: { field: 'slug', value: ':slug' } },
          // Commerce's event-packages section, once the event's id is known.
          packages: { path: '/packages/public/search', query: { field: 'event_id', value: ':event.id' } },
        },
        subject: 'event',
        tags: ['events', 'packages'],
      },
    },
  },
  mfe_commerce: {
    devPort: 8083,
    routes: {
      '/packages/:slug': {
        module: 'PackagePage',
        what: 'the package',
        reads: {
          package: { path: '/packages/public/search', query: { field: 'slug', value: ':slug' } },
          // An event ticket's event (title, time, place), once the package's event_id is known.
          event: { path: '/events/search', query: { field: 'id', value: ':package.event_id' } },
        },
        subject: 'package',
        tags: ['packages', 'events'],
      },
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

/** The file a shell build writes its remote table to (beside its remotes.json). */
export const REMOTE_TABLE_FILE = 'remote-table.json';

/**
 * The file a remote's build writes beside its mf-manifest.json: for each module it exposes, the
 * files a first visit to its page loads from that remote, shared modules included (decision 061).
 */
export const FIRST_LOAD_FILE = 'first-load.json';

/**
 * What a shell composes of each remote: every module the remote exposes to the site (its routes'
 * and the sections it lends), by federation name. A shell build writes it to REMOTE_TABLE_FILE, so
 * that a release is checked against the table of the shell that composes it, not the api's.
 * @returns {Record<RemoteName, string[]>}
 */
export const remoteTable = () =>
  /** @type {Record<RemoteName, string[]>} */ (Object.fromEntries(REMOTE_NAMES.map((name) => [name, Object.keys(exposesOf(name))])));

/**
 * Whether the api renders any of a remote's modules, so its build has a server container.
 * @param {RemoteName} name
 */
export const hasServerContainer = (name) => modulesOf(name).some(([, rendered]) => rendered);

/**
 * An api read a page makes: its path under /api and its query. A path segment or a query value
 * `:slug` is the route's parameter; `:event.id` is the field `id` of the answer to the page's read
 * `event` (its first row when the answer is a list), so a read may follow another. `html` names the
 * fields of its rows that hold stored HTML: the browser sanitizes them again before showing them,
 * and so does the api before rendering the page with them (where there is no DOM).
 * @typedef {{ readonly path: string, readonly query?: Readonly<Record<string, string>>, readonly html?: readonly string[] }} Read
 */

/**
 * The key of an api read, as the server writes its answer into the page and the browser looks it
 * up: its path and its query, in the order given.
 * @param {string} path
 * @param {Readonly<Record<string, string>>} [query]
 */
export function readKey(path, query = {}) {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A declared read's key with its placeholders filled from `values` (`slug`, `event.id`), or null
 * while one of them has no value.
 * @param {Read} read
 * @param {Readonly<Record<string, string>>} values
 * @returns {string | null}
 */
export function fillRead(read, values) {
  let missing = false;
  const fill = (/** @type {string} */ part) => {
    if (!part.startsWith(':')) return part;
    const value = values[part.slice(1)];
    if (value === undefined) missing = true;
    return value ?? '';
  };
  const path = read.path.split('/').map((part) => (part.startsWith(':') ? encodeURIComponent(fill(part)) : part)).join('/');
  const query = Object.fromEntries(Object.entries(read.query ?? {}).map(([name, value]) => [name, fill(value)]));
  return missing ? null : readKey(path, query);
}

/**
 * The values a page's answers give its later reads: for the read `event` answered with
 * `[{ id: 'e1', … }]`, `event.id` is `e1` (text and number fields of the first row).
 * @param {Readonly<Record<string, unknown>>} answers by read name
 * @returns {Record<string, string>}
 */
export function answerValues(answers) {
  /** @type {Record<string, string>} */
  const values = {};
  for (const [name, answer] of Object.entries(answers)) {
    const row = Array.isArray(answer) ? answer[0] : answer;
    if (typeof row !== 'object' || row === null) continue;
    for (const [field, value] of Object.entries(row)) {
      if (typeof value === 'string' || typeof value === 'number') values[`${name}.${field}`] = String(value);
    }
  }
  return values;
}
