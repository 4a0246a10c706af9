import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

interface Options {
  /** The plugin's name for others' `dependencies` (the decorator's name unless given). */
  name?: string;
  dependencies?: string[];
}

/** A module's service as a named plugin that decorates the app with what `build` makes. */
export function servicePlugin<K extends keyof FastifyInstance & string>(
  decorator: K,
  build: (app: FastifyInstance) => FastifyInstance[K] | Promise<FastifyInstance[K]>,
  { name = decorator, dependencies = ['database'] }: Options = {},
) {
  return fp(
    async (app) => {
      // `build` is typed by the key; decorate's own typing cannot follow a generic key.
      const key: string = decorator;
      const service: unknown = await build(app);
      app.decorate(key, service);
    },
    { name, dependencies },
  );
}
