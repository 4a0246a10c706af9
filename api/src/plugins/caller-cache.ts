import fp from 'fastify-plugin';

/**
 * An api answer may depend on who asks (drafts for admins, the admin package search): caches must
 * key on Authorization, and an answer to a signed-in caller is kept by no cache at all.
 */
export const callerCachePlugin = fp(
  async (app) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.url.startsWith('/api/')) return done(null, payload);
      const vary = reply.getHeader('vary');
      const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
      if (!/(^|,)\s*(authorization|\*)\s*(,|$)/i.test(current)) reply.header('vary', current ? `${current}, Authorization` : 'Authorization');
      if (request.headers.authorization) reply.header('cache-control', 'private, no-store');
      done(null, payload);
    });
  },
  { name: 'caller-cache' },
);
