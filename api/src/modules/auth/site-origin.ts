import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { HttpError } from '../../plugins/errors';
import { publicOrigin } from '../../lib/origin';

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
  if (fetchSite === 'cross-site' || (origin !== undefined && origin !== publicOrigin(config, request))) {
    throw new HttpError(403, 'cross_site', 'This request must come from the site itself.');
  }
}
