import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * onRequest hook for answers that carry credentials or account data (tokens, a new account): no
 * cache, browser or shared, may keep them. Set first, so errors and 429s carry it too.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}
