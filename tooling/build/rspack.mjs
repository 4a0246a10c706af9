// Build configuration shared by the shell and the four remotes.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { FIRST_LOAD_FILE, REMOTE_TABLE_FILE, REMOTES, remoteTable, SHELL_DEV_PORT } from '@site/shared/remotes';

const buildDir = path.dirname(fileURLToPath(import.meta.url));
const requireFromBuild = createRequire(import.meta.url);
// `shared` lists every singleton as a dependency: its installed versions are the ones shared.
const sharedDir = path.dirname(requireFromBuild.resolve('@site/shared/package.json'));
const requireFromShared = createRequire(path.join(sharedDir, 'package.json'));
const sharedManifest = JSON.parse(readFileSync(path.join(sharedDir, 'package.json'), 'utf8'));

export const DEV_PORTS = {
  shell: SHELL_DEV_PORT,
  ...Object.fromEntries(Object.entries(REMOTES).map(([name, remote]) => [name, remote.devPort])),
};
const devRemotes = () =>
  Object.fromEntries(
    Object.entries(DEV_PORTS)
      .filter(([name]) => name !== 'shell')
      .map(([name, port]) => [name, `http://localhost:${port}/remoteEntry.js`]),
  );

/** A remote's standalone dev page; its bootstrap renders into #root. */
const remotePage = (/** @type {string} */ title) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * Where a package's build goes: its `dist`, or the folder `SITE_BUILD_OUT` names (a release is built
 * straight into its own folder, never over the build being served).
 * @param {string} dir
 */
const outDirOf = (dir) => (process.env.SITE_BUILD_OUT ? path.resolve(process.env.SITE_BUILD_OUT) : path.join(dir, 'dist'));

export const API_DEV_TARGET = process.env.API_DEV_TARGET ?? 'http://localhost:3000';

const BUNDLED = new Set(['./dates', './money', './query', './remotes', './ui/use-rotating-index']);

/**
 * What every page runs before its first render. The shell's browser build bundles these into its
 * first chunk (`eager`) instead of fetching each through the federation runtime once the one before
 * it has loaded: without it the first page waited for five rounds of requests, react-dom in the last.
 */
const FIRST_RENDER = new Set([
  ...['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-router', 'react-router-dom', 'styled-components', 'zustand'],
  // The shell's layout and the pages use these small modules of `shared` on every page; fetched one
  // by one they were a dozen requests of under 7 KB each, some repeating another's modules. Not the
  // contracts that carry zod, which only forms need: form-outcome is three names (the footer's form).
  ...['api-client', 'constants', 'messages', 'page-meta', 'preloaded', 'remote', 'session', 'contracts/session-hint', 'contracts/form-outcome', 'site-config', 'toast']
    .concat(['ui/global-style', 'ui/primitives', 'ui/theme'])
    .map((entry) => `@site/shared/${entry}`),
]);

/**
 * The largest libraries of the first render, in first chunks of their own (decision 020): React with
 * react-dom, and the router with styled-components. Files that share words compress better together;
 * three cost 2.4 KB of brotli more than one, four 3.7 KB.
 */
const FIRST_CHUNKS = { react: ['react-dom', 'react', 'scheduler'], libraries: ['react-router', 'react-router-dom', 'styled-components', 'stylis'] };

/**
 * The shell's first code in several files instead of one: a browser compiles and evaluates each
 * script in a task of its own, and the one file of 400 KB was one long task on a slow phone (the
 * page could not answer a press for its length). The page loads them all after its first paint, in
 * parallel (api/browser/deferred-entry.ts); the entry starts once all have arrived.
 */
function firstChunks() {
  const packageDir = (packages) => new RegExp(`[\\\\/]node_modules[\\\\/](?:\\.pnpm[\\\\/][^\\\\/]+[\\\\/]node_modules[\\\\/])?(?:${packages.join('|')})[\\\\/]`);
  return {
    chunks: 'initial',
    cacheGroups: {
      default: false,
      defaultVendors: false,
      ...Object.fromEntries(Object.entries(FIRST_CHUNKS).map(([name, packages]) => [name, { test: packageDir(packages), name, chunks: 'initial', enforce: true }])),
    },
  };
}

/**
 * Singletons shared at run time: one React, one router, one store, one toaster, one `shared`.
 * @param {{ eager?: boolean }} [options] eager: bundle the first render's libraries (the shell's browser build)
 */
export function sharedModules({ eager = false } = {}) {
  // The version is given, not inferred: production aliases react-router to a file of `shared`.
  const singleton = (name, pkg = name) => [
    name,
    {
      singleton: true,
      version: resolvedVersion(pkg),
      requiredVersion: `^${resolvedVersion(pkg)}`,
      ...(eager && FIRST_RENDER.has(name) ? { eager: true } : {}),
    },
  ];
  const entries = [
    singleton('react'),
    singleton('react/jsx-runtime', 'react'),
    singleton('react/jsx-dev-runtime', 'react'),
    singleton('react-dom'),
    singleton('react-dom/client', 'react-dom'),
    singleton('react-router'),
    singleton('react-router-dom'),
    singleton('zustand'),
    singleton('styled-components'),
    singleton('sonner'),
  ];
  // Every module entry point of the workspace `shared` package, except stateless code each bundle is
  // better off with its own copy of: the remote table (the shell reads it before the async boundary),
  // the date and money formatting, the read hook (no request of its own on a page) and the parts of
  // the UI kit one or two remotes use.
  for (const key of Object.keys(sharedManifest.exports)) {
    if (key === './package.json' || BUNDLED.has(key)) continue;
    const name = `@site/shared/${key.slice(2)}`;
    entries.push([name, { singleton: true, requiredVersion: false, ...(eager && FIRST_RENDER.has(name) ? { eager: true } : {}) }]);
  }
  return Object.fromEntries(entries);
}

// react-router's package exports point every condition at its development build; production
// builds take its production files, through the client subset the site uses (react-router-client.mjs).
const reactRouterDir = path.dirname(requireFromShared.resolve('react-router/package.json'));
const productionAliases = () => ({
  'react-router-production$': path.join(reactRouterDir, 'dist/production/index.mjs'),
  'react-router$': path.join(buildDir, 'react-router-client.mjs'),
  'react-router-dom$': path.join(buildDir, 'react-router-client.mjs'),
});

// Rspack's federation plugin requires its runtime (webpack-bundler-runtime, and through it runtime,
// runtime-core, sdk, error-codes) as CommonJS, which the bundler cannot tree-shake: every entry then
// carried the snapshot and preload plugins that `disableSnapshot` turns off, and each remote a second
// copy of parts the shell has. The browser builds take the ES module builds these packages publish,
// of the same versions.
const federationRequire = createRequire(createRequire(requireFromBuild.resolve('@module-federation/enhanced/rspack')).resolve('@module-federation/runtime-tools'));
function esmBuildOf(/** @type {NodeRequire} */ from, /** @type {string} */ name) {
  const cjs = from.resolve(name);
  let dir = path.dirname(cjs);
  while (!existsSync(path.join(dir, 'package.json')) || JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name) dir = path.dirname(dir);
  const esm = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).exports['.'].import.default;
  return { cjs, esm: path.join(dir, esm), require: createRequire(cjs) };
}
const federationRuntimeAliases = () => {
  const bundlerRuntime = esmBuildOf(federationRequire, '@module-federation/webpack-bundler-runtime');
  const runtime = esmBuildOf(bundlerRuntime.require, '@module-federation/runtime');
  const runtimeCore = esmBuildOf(runtime.require, '@module-federation/runtime-core');
  const sdk = esmBuildOf(runtime.require, '@module-federation/sdk');
  const errorCodes = esmBuildOf(runtime.require, '@module-federation/error-codes');
  return {
    [`${bundlerRuntime.cjs}$`]: bundlerRuntime.esm,
    [`${runtime.cjs}$`]: runtime.esm,
    '@module-federation/runtime-tools/runtime-core$': federationRequire.resolve('@module-federation/runtime-tools/runtime-core').replace(/\.cjs$/, '.js'),
    '@module-federation/runtime-core$': runtimeCore.esm,
    '@module-federation/sdk$': sdk.esm,
    '@module-federation/error-codes$': errorCodes.esm,
  };
};

// The versions installed for `shared`, which lists every singleton as a dependency.
function resolvedVersion(pkg) {
  return JSON.parse(readFileSync(path.join(sharedDir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
}

/**
 * Writes the modules this shell composes of each remote (remote-table.json): a release of the shell
 * is checked against its own table, a remote's release against the live shell's (decision 062).
 * @type {import('@rspack/core').RspackPluginInstance}
 */
const remoteTablePlugin = {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('remote-table', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'remote-table', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(REMOTE_TABLE_FILE, new rspack.sources.RawSource(`${JSON.stringify(remoteTable(), null, 2)}\n`));
      });
    });
  },
};

/** The name of the shell's async boundary (src/index.ts imports its bootstrap under it). */
export const BOOTSTRAP_CHUNK = 'bootstrap';

/**
 * For each module a remote exposes, the files a first visit to its page loads from the remote: the
 * module's chunk group, and the chunks of the shares it imports that the shell's first chunks do
 * not carry (FIRST_RENDER), as the remote's own registration of each loads them (its provide
 * module's). The page's loader fetches them all with the shell's first chunks (decision 061), not
 * a round after the module has run. mf-manifest.json cannot say this: it files a chunk holding a
 * shared module under that share (with the fallback copies), not under the module that needs it.
 */
const firstLoadPlugin = {
  apply(compiler) {
    const shareKey = (module) => /^(?:consume|provide) shared module \([^)]*\) ((?:@[^/@\s]+\/)?[^@\s]+)@/.exec(module.identifier())?.[1];
    compiler.hooks.thisCompilation.tap('first-load', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'first-load', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const { chunkGraph } = compilation;
        const filesOf = (chunks) => chunks.flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith('.js'));
        const provided = new Map();
        for (const module of compilation.modules) {
          if (module.type === 'provide-module') provided.set(shareKey(module), module.blocks.flatMap((block) => filesOf(chunkGraph.getBlockChunkGroup(block)?.chunks ?? [])));
        }
        const pages = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          const expose = name.match(/^__federation_expose_(.+)$/)?.[1];
          if (!expose) continue;
          const keys = new Set(group.chunks.flatMap((chunk) => chunkGraph.getChunkModules(chunk).filter((module) => module.type === 'consume-shared-module').map(shareKey)));
          const shares = [...keys].filter((key) => !FIRST_RENDER.has(key)).flatMap((key) => {
            const found = provided.get(key);
            if (!found) throw new Error(`${expose} imports the share ${key}, which this build does not provide`);
            return found;
          });
          pages[expose] = [...new Set([...filesOf(group.chunks), ...shares])].sort();
        }
        compilation.emitAsset(FIRST_LOAD_FILE, new rspack.sources.RawSource(`${JSON.stringify(pages, null, 2)}\n`));
      });
    });
  },
};

/**
 * The files of the shell's bootstrap, fetched on every page right after the first chunks, named in
 * index.html as preloads: the api's loader asks for them after the first paint together with the
 * first chunks (api/browser/deferred-entry.ts) instead of one round trip after the entry has run.
 * @type {import('@rspack/core').RspackPluginInstance}
 */
const bootstrapPreloadPlugin = {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('bootstrap-preload', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tap('bootstrap-preload', (data) => {
        const group = compilation.namedChunkGroups.get(BOOTSTRAP_CHUNK);
        if (!group) throw new Error(`the shell has no chunk group named ${BOOTSTRAP_CHUNK}`);
        const publicPath = compilation.outputOptions.publicPath;
        const files = group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith('.js'));
        const links = files.sort().map((file) => `<link rel="preload" as="script" href="${publicPath}${file}">`);
        // The shell's own pages' chunks (chunk "page-login" for /login), fetched with the first chunks
        // where the api rendered that page (api/src/lib/deferred-entry.ts); inert elsewhere.
        for (const [name, pageGroup] of compilation.namedChunkGroups) {
          const page = /^page-(.+)$/.exec(name)?.[1];
          if (!page) continue;
          const pageFiles = pageGroup.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith('.js'));
          links.push(`<meta name="page-chunks" content="/${page} ${pageFiles.sort().map((file) => `${publicPath}${file}`).join(' ')}">`);
        }
        data.html = data.html.replace('</head>', () => `${links.join('')}</head>`);
        return data;
      });
    });
  },
};

/**
 * @param {{ dir: string, name: keyof typeof DEV_PORTS, exposes?: Record<string, string>, title: string, templateParameters?: Record<string, string> }} options
 */
export function createConfig({ dir, name, exposes, title, templateParameters }) {
  const isHost = name === 'shell';
  const outDir = outDirOf(dir);
  return (_env, argv) => {
    const prod = (argv.mode ?? process.env.NODE_ENV) !== 'development';
    return {
      mode: prod ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: outDir,
        // Remotes resolve their chunks next to their remoteEntry.js, wherever it is deployed. The
        // shell's page names its files by path: the site's root, or a shell release's own folder
        // (`pnpm release shell` sets SITE_PUBLIC_PATH, decision 062).
        publicPath: isHost ? (process.env.SITE_PUBLIC_PATH ?? '/') : 'auto',
        uniqueName: name,
        filename: prod ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: prod ? '[name].[contenthash:10].js' : '[name].js',
        cssFilename: prod ? '[name].[contenthash:10].css' : '[name].css',
        assetModuleFilename: prod ? 'assets/[name].[contenthash:10][ext]' : 'assets/[name][ext]',
        clean: true,
      },
      resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'], alias: prod ? { ...productionAliases(), ...federationRuntimeAliases() } : {} },
      module: {
        // An import of something a module does not export fails the build (see react-router-client.mjs).
        parser: { javascript: { exportsPresence: 'error' } },
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            type: 'javascript/auto',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !prod } },
                // Each styled component gets an id from its file and place, not from how many were
                // created before it: the server (which loads every page's modules) and the browser
                // then name its classes alike, and hydration reuses the server's rules.
                experimental: { plugins: [[requireFromBuild.resolve('@swc/plugin-styled-components'), { ssr: true, displayName: !prod }]] },
              },
              env: { targets: ['chrome >= 111', 'edge >= 111', 'firefox >= 111', 'safari >= 16.4'] },
            },
          },
          { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: isHost ? undefined : 'remoteEntry.js',
          exposes: exposes ?? {},
          shared: sharedModules({ eager: isHost && prod }),
          // Use what is already on the page: 'version-first' would fetch every registered remote's
          // entry (admin's too) the first time a lazy chunk asks for a shared module.
          shareStrategy: 'loaded-first',
          runtimePlugins: [path.join(buildDir, 'singleton-shares.mjs')],
          dts: false,
          // mf-manifest.json: what a release checks (the shared versions it was built against) and
          // what devtools read (decision 056).
          manifest: true,
          // In production the shell provides the one federation runtime and remotes reuse it, instead
          // of each remoteEntry.js carrying its own copy. A remote's standalone dev page keeps its own.
          experiments: {
            ...(prod ? (isHost ? { provideExternalRuntime: true } : { externalRuntime: true }) : {}),
            optimization: { disableSnapshot: true, target: 'web' },
          },
        }),
        new rspack.HtmlRspackPlugin({
          // A remote's page is only its standalone dev page: one template for all of them.
          ...(isHost ? { template: path.join(dir, 'index.html') } : { templateContent: remotePage(title) }),
          title,
          ...(templateParameters ? { templateParameters } : {}),
          // The shell's HTML is served for every page; remotes' HTML is only their standalone dev page.
          filename: 'index.html',
        }),
        ...(isHost ? [new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(dir, 'public') }] }), remoteTablePlugin] : []),
        ...(isHost && prod ? [bootstrapPreloadPlugin] : []),
        ...(!isHost && prod ? [firstLoadPlugin] : []),
        // Nearly every function of the shell's first chunks runs on every page load (the federation
        // runtime, React, the router, styled-components), and of a remote's entry whenever the
        // remote is used (its federation runtime and share registrations). This tells V8 (Chrome
        // 136+) to compile them while the file streams in, on a background thread, rather than one
        // by one on the main thread at first call (decision 020). After minification, so that
        // it stays the first line; before the source map, which then counts it.
        ...(prod
          ? [
              new rspack.BannerPlugin({
                banner: '//# allFunctionsCalledOnLoad',
                raw: true,
                ...(isHost ? { include: new RegExp(`^(?:main|${Object.keys(FIRST_CHUNKS).join('|')})\\.`) } : { entryOnly: true, include: /^remoteEntry\.js$/ }),
                stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
              }),
            ]
          : []),
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(prod ? 'production' : 'development') }),
      ],
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        ...(isHost && prod ? { splitChunks: firstChunks() } : {}),
      },
      performance: false,
      devServer: {
        port: DEV_PORTS[name],
        hot: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/ipfs', '/ai-widget', '/robots.txt', '/sitemap.xml'], target: API_DEV_TARGET }],
        // In development the shell composes the remotes' own dev servers.
        setupMiddlewares: (middlewares) => [
          {
            name: 'dev-remotes-json',
            path: '/remotes.json',
            middleware: (_req, res) => {
              res.setHeader('Content-Type', 'application/json');
              res.setHeader('Cache-Control', 'no-cache');
              res.end(JSON.stringify(devRemotes()));
            },
          },
          ...middlewares,
        ],
      },
    };
  };
}

/**
 * The server container of a remote (or of the shell's server layout): the same exposed modules,
 * built for Node (`async-node`, `commonjs-module`) into dist/server, loaded by the api at run time
 * from the URL remotes.json names (+ `server/remoteEntry.js`). Shared singletons come from the
 * api's own React, react-dom, styled-components and router; `@site/shared` from the shell.
 *
 * @param {{ dir: string, name: string, exposes: Record<string, string> }} options
 */
export function createServerConfig({ dir, name, exposes }) {
  return (_env, argv) => {
    const prod = (argv.mode ?? process.env.NODE_ENV) !== 'development';
    const client = createConfig({ dir, name: 'shell', title: '' })(_env, argv);
    return {
      name: 'server',
      mode: prod ? 'production' : 'development',
      context: dir,
      target: 'async-node',
      // The container is the only entry the api needs.
      entry: {},
      devtool: false,
      output: {
        path: path.join(outDirOf(dir), 'server'),
        // Chunks are found next to the container's own URL (the node runtime plugin resolves them
        // from the entry the api loaded), wherever the remote is deployed.
        publicPath: '',
        uniqueName: `${name}_server`,
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        library: { type: 'commonjs-module' },
        clean: true,
      },
      resolve: { ...client.resolve, alias: prod ? productionAliases() : {} },
      module: {
        ...client.module,
        rules: client.module.rules.map((rule) =>
          rule.loader === 'builtin:swc-loader'
            ? { ...rule, options: { ...rule.options, env: { targets: ['node >= 20'] } } }
            : // The browser build emits the files; the server only needs their URLs.
              { ...rule, generator: { emit: false, publicPath: '' } },
        ),
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          shared: sharedModules(),
          shareStrategy: 'loaded-first',
          library: { type: 'commonjs-module', name },
          remoteType: 'script',
          runtimePlugins: [requireFromBuild.resolve('@module-federation/node/runtimePlugin')],
          dts: false,
          manifest: false,
          experiments: { optimization: { disableSnapshot: true, target: 'node' } },
        }),
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(prod ? 'production' : 'development') }),
      ],
      optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic', minimize: false },
      performance: false,
    };
  };
}

/**
 * The browser build and, for production, the server container of the modules the api renders.
 *
 * @param {{ dir: string, name: keyof typeof DEV_PORTS, exposes?: Record<string, string>, title: string, templateParameters?: Record<string, string> }} options
 * @param {Record<string, string>} serverExposes
 */
export function createConfigs(options, serverExposes) {
  const client = createConfig(options);
  const server = createServerConfig({ dir: options.dir, name: options.name, exposes: serverExposes });
  return (env, argv) => {
    const prod = (argv.mode ?? process.env.NODE_ENV) !== 'development';
    // The server build runs after the browser build, whose output cleaning would remove it otherwise.
    return prod ? [{ ...client(env, argv), name: 'client' }, { ...server(env, argv), dependencies: ['client'] }] : client(env, argv);
  };
}
