import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { REMOTES, REMOTE_DIRS, REMOTE_NAMES, SHELL_DEV_PORT, exposesOf, hasServerContainer } from '@site/shared/remotes';
import remotesJson from '../../public/remotes.json';
import { REMOTE_ROUTES, matchesRoute } from './route-table';

describe('the remote table', () => {
  it('maps every route to a module its remote exposes', () => {
    for (const route of REMOTE_ROUTES) {
      const [name, module] = route.id.split('/') as [keyof typeof REMOTES, string];
      expect(Object.keys(exposesOf(name)), route.path).toContain(`./${module}`);
    }
    expect(new Set(REMOTE_ROUTES.map((route) => route.path)).size).toBe(REMOTE_ROUTES.length);
  });

  it('leaves what is behind a session out of the server containers', () => {
    expect(REMOTE_NAMES.filter(hasServerContainer)).toEqual(['mfe_marketing', 'mfe_community', 'mfe_commerce']);
    expect(Object.keys(exposesOf('mfe_commerce'))).toEqual(['./BookingSection', './EventPackages', './PackagePage', './OrdersPage']);
    expect(Object.keys(exposesOf('mfe_commerce', 'server'))).toEqual(['./BookingSection', './EventPackages', './PackagePage']);
    expect(exposesOf('mfe_admin', 'server')).toEqual({});
  });

  it('gives every dev server a port of its own', () => {
    const ports = [SHELL_DEV_PORT, ...REMOTE_NAMES.map((name) => REMOTES[name].devPort)];
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('has remotes.json name exactly the declared remotes, each under /remotes/<its folder>/', () => {
    expect(remotesJson).toEqual(
      Object.fromEntries(REMOTE_NAMES.map((name, i) => [name, `/remotes/${REMOTE_DIRS[i]}/remoteEntry.js`])),
    );
  });
});

describe('matching a path to a route', () => {
  const paths = [
    ...REMOTE_ROUTES.map((route) => route.path.replace(/:\w+/g, 'a-slug').replace('*', 'blogs/new')),
    '/admin',
    '/community/',
    '/services/',
    '/services/a/b',
    '/blog',
    '/refunds',
    '/login',
    '/',
  ];

  it.each(paths)('%s matches the route react-router renders', (pathname) => {
    const routes = REMOTE_ROUTES.map((route) => ({ path: route.path }));
    const expected = matchRoutes(routes, pathname)?.[0]?.route.path ?? null;
    expect(REMOTE_ROUTES.find((route) => matchesRoute(route.path, pathname))?.path ?? null).toBe(expected);
  });
});
