import type { FastifyRequest } from 'fastify';
import type { AccessClaims } from './auth';

/**
 * For public routes that show more to admins: the caller is an admin when a valid admin token is
 * sent. A missing or invalid token just means "the public" (no 401 on a public route).
 */
export async function isAdminViewer(request: FastifyRequest): Promise<boolean> {
  if (!request.headers.authorization) return false;
  try {
    const claims = await request.jwtVerify<AccessClaims>();
    return claims.role === 'admin';
  } catch {
    return false;
  }
}
