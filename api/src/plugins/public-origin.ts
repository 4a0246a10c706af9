import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The site's absolute origin for links that leave the page (e-mails, sitemap): PUBLIC_URL when set,
 * else the origin the request came in on (proxies are trusted, so X-Forwarded-Proto/Host count).
 */
export function publicOrigin(config: Pick<Config, 'PUBLIC_URL'>, request: FastifyRequest): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  return `${request.protocol}://${request.host}`;
}
