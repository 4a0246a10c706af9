import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { REMOTE_DIRS as REMOTES } from '@site/shared/remotes';

// Names that must always be revalidated: entry points whose URL never changes between deploys.
const NO_CACHE = /(^|\/)(index\.html|remoteEntry\.js|mf-manifest\.json|remotes\.json)$/;
// Rspack output names carry a 10-character content hash.
const HASHED = /\.[0-9a-f]{10}\.(js|css|png|jpe?g|svg|webp|avif|woff2?)$/;

function setCacheHeaders(reply: FastifyReply, servedPath: string): void {
  const filePath = servedPath.replace(/\.(br|gz)$/, '');
  if (NO_CACHE.test(filePath)) reply.header('Cache-Control', 'no-cache');
  else if (HASHED.test(filePath)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  else reply.header('Cache-Control', 'public, max-age=3600');
}

export interface StaticSiteOptions {
  webRoot: string;
  /** Each remote's releases (releases module). */
  releasesDir: string;
  /** The files of the releases folder that are served (the releases module's `isReleaseFile`). */
  isReleaseFile: (pathName: string) => boolean;
}

/**
 * The site's files: the built shell's at `/` and each remote's under `/remotes/<name>/`, and the
 * releases' under `/releases/`, pre-compressed (brotli or gzip) when the browser accepts it. Pages
 * and the not-found answer are the pages module's; its routes are matched before these wildcards.
 */
export const staticSitePlugin = fp<StaticSiteOptions>(
  async (app, { webRoot, releasesDir, isReleaseFile }) => {
    const shellDist = path.join(webRoot, 'shell', 'dist');
    const hasShell = existsSync(path.join(shellDist, 'index.html'));

    if (hasShell) {
      await app.register(fastifyStatic, {
        root: shellDist,
        prefix: '/',
        preCompressed: true,
        // `/` goes to the pages module, which renders it on the server.
        index: false,
        wildcard: true,
        cacheControl: false,
        setHeaders: setCacheHeaders,
      });
    }
    for (const remote of REMOTES) {
      const dist = path.join(webRoot, remote, 'dist');
      if (!existsSync(dist)) {
        app.log.warn({ remote }, 'remote not built');
        continue;
      }
      await app.register(fastifyStatic, {
        root: dist,
        prefix: `/remotes/${remote}/`,
        preCompressed: true,
        decorateReply: !hasShell && remote === REMOTES[0],
        index: false,
        cacheControl: false,
        setHeaders: setCacheHeaders,
        allowedPath: (pathName) => !pathName.endsWith('.html'),
      });
    }

    // A release never changes once made: every file of it is kept by browsers and caches for good,
    // and stays served while the release is kept, so a page opened on it keeps loading its chunks.
    mkdirSync(releasesDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: releasesDir,
      prefix: '/releases/',
      preCompressed: true,
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply: FastifyReply) => reply.header('Cache-Control', 'public, max-age=31536000, immutable'),
      allowedPath: isReleaseFile,
    });
  },
  { name: 'static-site' },
);
