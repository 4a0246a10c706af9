import fp from 'fastify-plugin';

export type LifecycleState = 'starting' | 'ready' | 'draining';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { state: LifecycleState };
  }
}

/**
 * Sent by the site's nginx (deploy/nginx): it passes a GET or HEAD answered 503 to another instance
 * and counts the 503 as a failure, which takes this instance out of its rotation.
 */
export const PROXY_NEXT_UPSTREAM_HEADER = 'x-proxy-next-upstream';

/** Tracks whether the instance should receive traffic (for the readiness probe). */
export const lifecyclePlugin = fp(
  async (app) => {
    const lifecycle = { state: 'starting' as LifecycleState };
    app.decorate('lifecycle', lifecycle);
    app.addHook('onReady', async () => {
      lifecycle.state = 'ready';
    });
    app.addHook('preClose', async () => {
      lifecycle.state = 'draining';
    });
    // While draining, keep-alive connections are kept: closing them then only makes clients
    // reconnect; connections are wound down once the listener closes (plugins/connections.ts).
    // A proxy without active health checks keeps opening connections here until the listener
    // closes, and one still in the kernel's accept queue then is reset after its request was sent
    // (a POST it may not retry). So a request it can retry elsewhere is answered 503: the proxy
    // moves it and stops sending anything here. Everything else, and every other client, is served.
    app.addHook('onRequest', async (request, reply) => {
      if (lifecycle.state !== 'draining' || (request.method !== 'GET' && request.method !== 'HEAD')) return;
      if (!String(request.headers[PROXY_NEXT_UPSTREAM_HEADER] ?? '').includes('http_503')) return;
      return reply
        .code(503)
        .header('Connection', 'close')
        .header('Retry-After', '1')
        .send({ error: 'draining', message: 'This instance is shutting down.' });
    });
  },
  { name: 'lifecycle' },
);
