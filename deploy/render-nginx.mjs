#!/usr/bin/env node
// Renders deploy/nginx/site.conf.template into an nginx site configuration.
//   node deploy/render-nginx.mjs --api 10.0.0.11:3000 --api 10.0.0.12:3000 \
//     --web-root /srv/site --listen 80 --server-name example.com \
//     --cache-dir /var/cache/nginx/site > /etc/nginx/sites-available/site
// The test cluster (tooling/test-support/src/cluster.ts) renders the same template with extra lines.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REMOTE_DIRS } from '../shared/src/remotes.js';
import { MAX_UPLOAD_BYTES } from '../shared/src/contracts/media-upload.js';

export const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nginx', 'site.conf.template');

const indent = (text, spaces) =>
  text
    .split('\n')
    .map((line) => (line ? ' '.repeat(spaces) + line : line))
    .join('\n');

/** Where the micro-cache keeps its files unless told (the directory must be nginx's to write). */
export const DEFAULT_CACHE_DIR = '/var/cache/nginx/site';
/** The micro-cache's key: the origin (answers hold absolute URLs built from it) and the URL. */
export const DEFAULT_CACHE_KEY = '$scheme$host$request_uri';

/** Where the access log goes unless told (in the format without query strings, site_no_query). */
export const DEFAULT_ACCESS_LOG = '/var/log/nginx/access.log';

/** The api's upload limit in whole megabytes, plus one for the multipart envelope. */
export const clientMaxBodySize = () => `${Math.ceil(MAX_UPLOAD_BYTES / (1024 * 1024)) + 1}m`;

/**
 * @param {{ apis: string[]; webRoot: string; listen: string; serverName?: string; upstream?: string;
 *   cacheDir?: string; cacheKey?: string; extraHttp?: string; extraServer?: string; extraStatic?: string;
 *   failTimeout?: string; accessLog?: string }} options
 * @returns {string}
 */
export function renderNginxSite(options) {
  if (!options.apis.length) throw new Error('At least one api instance (--api host:port) is needed.');
  const failTimeout = options.failTimeout ?? '5s';
  const values = {
    API_SERVERS: [
      ...options.apis.map((api) => `    server ${api} max_fails=1 fail_timeout=${failTimeout};`),
      // The same instances again as backups, never taken out: with every instance out at once (one
      // draining, the other shedding a request), nginx would answer 502 for fail_timeout instead.
      ...(options.apis.length > 1 ? options.apis.map((api) => `    server ${api} backup max_fails=0;`) : []),
    ].join('\n'),
    WEB_ROOT: path.resolve(options.webRoot),
    LISTEN: options.listen,
    SERVER_NAME: options.serverName ?? '_',
    UPSTREAM: options.upstream ?? 'site_api',
    CACHE_DIR: path.resolve(options.cacheDir ?? DEFAULT_CACHE_DIR),
    CACHE_KEY: options.cacheKey ?? DEFAULT_CACHE_KEY,
    CLIENT_MAX_BODY_SIZE: clientMaxBodySize(),
    ACCESS_LOG: options.accessLog === 'off' ? 'off' : `${options.accessLog ?? DEFAULT_ACCESS_LOG} site_no_query`,
    REMOTE_DIRS: REMOTE_DIRS.join('|'),
    EXTRA_HTTP: options.extraHttp ?? '',
    EXTRA_SERVER: indent(options.extraServer ?? '', 4),
    EXTRA_STATIC: indent(options.extraStatic ?? '', 8),
  };
  return readFileSync(TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (match, name) => {
    if (!(name in values)) throw new Error(`Unknown placeholder ${match} in ${TEMPLATE}`);
    return values[name];
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      api: { type: 'string', multiple: true, default: [] },
      'web-root': { type: 'string' },
      listen: { type: 'string', default: '80' },
      'server-name': { type: 'string', default: '_' },
      'cache-dir': { type: 'string', default: DEFAULT_CACHE_DIR },
      'access-log': { type: 'string', default: DEFAULT_ACCESS_LOG },
    },
  });
  if (!values['web-root']) {
    console.error('Usage: render-nginx.mjs --api host:port [--api host:port ...] --web-root DIR [--listen 80] [--server-name NAME] [--cache-dir DIR] [--access-log FILE|off]');
    process.exit(1);
  }
  process.stdout.write(
    renderNginxSite({
      apis: values.api,
      webRoot: values['web-root'],
      listen: values.listen,
      serverName: values['server-name'],
      cacheDir: values['cache-dir'],
      accessLog: values['access-log'],
    }),
  );
}
