import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

/**
 * Cache headers for a document holding absolute URLs (sitemap, robots, RSS). With PUBLIC_URL the
 * origin is fixed and any cache may keep it; without, the URLs come from the request's Host and
 * X-Forwarded-* headers, so a shared cache must revalidate and key it by those headers.
 */
export function setOriginDocumentCaching(reply: FastifyReply, config: Pick<Config, 'PUBLIC_URL'>, maxAgeSeconds: number): FastifyReply {
  if (config.PUBLIC_URL) return reply.header('Cache-Control', `public, max-age=${maxAgeSeconds}`);
  return reply.header('Cache-Control', 'no-cache').header('Vary', 'Host, X-Forwarded-Host, X-Forwarded-Proto');
}
