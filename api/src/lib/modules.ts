import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** A plugin registered without options. */
type Plugin = FastifyPluginAsync | FastifyPluginCallback | FastifyPluginAsyncZod;

/** A domain module (`modules/<name>/`) as the app registers it. */
export interface ApiModule {
  name: string;
  /** Named plugins that decorate the app with the module's services, in order (see servicePlugin). */
  services?: readonly Plugin[];
  /** Its routes under /api. */
  routes?: readonly Plugin[];
  /** Its routes at the site's root (media by CID, the assistant's script), before the static site. */
  siteRoutes?: readonly Plugin[];
}

/**
 * Registers every module the same way: all services first, in the order given (a service may use
 * those before it), then every module's routes under /api, then those at the site's root.
 */
export async function registerModules(app: FastifyInstance, modules: readonly ApiModule[]): Promise<void> {
  for (const module of modules) for (const service of module.services ?? []) await app.register(service);
  await app.register(
    async (api) => {
      for (const module of modules) for (const routes of module.routes ?? []) await api.register(routes);
    },
    { prefix: '/api' },
  );
  for (const module of modules) for (const routes of module.siteRoutes ?? []) await app.register(routes);
}
