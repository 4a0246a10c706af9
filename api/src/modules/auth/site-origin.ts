import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { HttpError } from '../../plugins/errors';

/**
 * The site's own origin for the same-origin check: PUBLIC_URL when set, else the one the request was
 * addressed to. Not for links in e-mails (see emailOrigin): there a forged Host would reach a victim.
 */
export function siteOrigin(request: FastifyRequest, config: Config): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  return `${request.protocol}://${request.host}`;
}

export const isHttps = (request: FastifyRequest, config: Config): boolean =>
  request.protocol === 'https' || Boolean(config.PUBLIC_URL?.startsWith('https:'));

/**
 * Cookie-authenticated calls must come from the site itself. SameSite=Strict already keeps the
 * cookie off cross-site requests in current browsers; this also covers older ones and same-site
 * subdomains that are not our origin.
 */
export function assertSameOrigin(request: FastifyRequest, config: Config): void {
  const fetchSite = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  if (fetchSite === 'cross-site' || (origin !== undefined && origin !== siteOrigin(request, config))) {
    throw new HttpError(403, 'cross_site', 'This request must come from the site itself.');
  }
}
