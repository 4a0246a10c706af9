import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** PUBLIC_URL parsed once: the public read caches consult it on every request. */
const parsedUrls = new Map<string, { origin: string; hostname: string }>();
function parsed(value: string): { origin: string; hostname: string } {
  let url = parsedUrls.get(value);
  if (!url) {
    const { origin, hostname } = new URL(value);
    url = { origin, hostname };
    parsedUrls.set(value, url);
  }
  return url;
}

/**
 * The site's absolute origin for links served in a page the visitor fetched (sitemap, robots, RSS)
 * and for the same-origin check: PUBLIC_URL when set, else the origin the request came in on. The answer goes back to whoever
 * sent the headers, so a forged Host only misleads the forger.
 */
export function publicOrigin(config: Pick<Config, 'PUBLIC_URL'>, request: FastifyRequest): string {
  if (config.PUBLIC_URL) return parsed(config.PUBLIC_URL).origin;
  return `${request.protocol}://${request.host}`;
}

/**
 * The origin for links in e-mails. Never taken from a request: a mail goes to someone else, and a
 * forged Host or X-Forwarded-Host would point a reset or unsubscribe link at the forger's site.
 * Without PUBLIC_URL it is this machine (the app warns at start).
 */
export function emailOrigin(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return config.PUBLIC_URL ? parsed(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`;
}

/**
 * Whether a request came for the site's own host: always without PUBLIC_URL; with it, only when
 * the Host (X-Forwarded-Host from a trusted proxy) names PUBLIC_URL's host, on any port (nginx's
 * `$host` drops the port). Answers for any other host are not kept in the caches (decision 014): a
 * stream of made-up hosts must not fill them.
 */
export function isPublicHost(config: Pick<Config, 'PUBLIC_URL'>, request: FastifyRequest): boolean {
  if (!config.PUBLIC_URL) return true;
  return request.hostname.toLowerCase() === parsed(config.PUBLIC_URL).hostname;
}
