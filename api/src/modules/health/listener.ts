import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

const PROBES = /^\/api\/health\/(live|ready)(\?|$)/;

/**
 * The health probes on a port of their own (HEALTH_PORT): under a flood the site's port has a full
 * accept queue, and a probe waiting in it cannot say the instance is under pressure (decision 075).
 * The same routes and hooks answer them (Fastify's router); nothing else is served there.
 */
export function healthListener(app: FastifyInstance): Server {
  return createServer((request, response) => {
    if (request.method === 'GET' && PROBES.test(request.url ?? '')) return app.routing(request, response);
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
}
