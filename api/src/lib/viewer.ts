import type { FastifyRequest } from 'fastify';

/**
 * For public routes that show more to admins: the caller is an admin when a valid token of an open
 * session is sent and the account is an admin now. A missing or invalid token just means "the
 * public" (no 401 on a public route).
 */
export async function isAdminViewer(request: FastifyRequest): Promise<boolean> {
  return (await request.server.viewerClaims(request))?.role === 'admin';
}
