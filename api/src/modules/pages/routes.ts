import fp from 'fastify-plugin';
import { sendNotFound } from '../../lib/not-found';
import { PAGE_ROUTES } from '../ssr/pages';

/**
 * The site's page routes at its root, and the one not-found answer. Registered at the app's level
 * (not encapsulated): the not-found handler answers for the static files' wildcard too.
 */
export const pageRoutes = fp(
  async (app) => {
    const { pages } = app;
    if (pages.hasShell) {
      // What a page loaded now composes (see PagesService.remotes).
      app.get('/remotes.json', { schema: { hide: true } }, (request, reply) => pages.remotes(request, reply));
      // The shell's routes, matched before the static files' wildcard: a page visit costs no file
      // lookup (and its pre-compressed variants) before it reaches the page handler.
      // A kept rendered page is answered from its onRequest hook (ssr module).
      for (const route of PAGE_ROUTES) app.get(route, { schema: { hide: true }, onRequest: app.ssr.answerKept }, (request, reply) => pages.answer(request, reply));
      // Unknown api paths answer at once too, without looking for a file of that name.
      app.get('/api/*', { schema: { hide: true } }, async (request, reply) => sendNotFound(request, reply));
    }
    // The shell (and the browser's not-found page) for any other page path, `{ error, message }`
    // for the api, files and other methods.
    app.setNotFoundHandler((request, reply) => pages.answer(request, reply));
  },
  { name: 'page-routes', dependencies: ['pages'] },
);
