import type { FastifyReply, FastifyRequest } from 'fastify';

/** The api's answer for a route that does not exist (the query string is not echoed). */
export const sendNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply.code(404).send({ error: 'not_found', message: `No such resource: ${request.method} ${request.url.split('?')[0] ?? '/'}` });
