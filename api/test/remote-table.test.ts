// The remote table (shared/src/remotes.js) against what is made from it: the remotes' sources and
// the nginx configuration (the shell's own test checks its remotes.json).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTES, REMOTE_DIRS, REMOTE_NAMES, exposesOf, remoteDir, type Read } from '@site/shared/remotes';
import { renderNginxSite } from '../../deploy/render-nginx.mjs';
import { MAX_UPLOAD_BYTES } from '../src/modules/media/service';
import { renderedRoute } from '../src/modules/ssr/pages';

const root = path.resolve(import.meta.dirname, '../..');

describe('the remote table', () => {
  it('names a package folder and an existing file for every exposed module', () => {
    for (const name of REMOTE_NAMES) {
      expect(existsSync(path.join(root, remoteDir(name), 'package.json')), name).toBe(true);
      for (const file of Object.values(exposesOf(name))) {
        expect(existsSync(path.join(root, remoteDir(name), file)), `${name} ${file}`).toBe(true);
      }
    }
  });

  it('is what nginx serves under /remotes/, and nginx takes uploads as large as the api does', () => {
    const site = renderNginxSite({ apis: ['127.0.0.1:3000'], webRoot: root, listen: '80' });
    const served = /location ~ \^\/remotes\/\(([^)]+)\)/.exec(site)?.[1]?.split('|');
    expect(served?.sort()).toEqual([...REMOTE_DIRS].sort());
    const [, megabytes] = /client_max_body_size (\d+)m;/.exec(site) ?? [];
    expect(Number(megabytes) * 1024 * 1024).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(Number(megabytes) * 1024 * 1024).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 2 * 1024 * 1024);
  });
});

interface DeclaredRoute {
  access?: string;
  reads?: Record<string, Read>;
  tags?: readonly string[];
}

const declaredRoutes = REMOTE_NAMES.flatMap((name) =>
  Object.entries(REMOTES[name].routes as Record<string, DeclaredRoute>).map(([route, entry]) => ({ name, route, ...entry })),
);

describe('the reads the remote table declares for rendered pages', () => {
  it('fill every placeholder from the route or from another read of the page, and name what forgets the page', () => {
    for (const { name, route, reads = {}, tags = [], access } of declaredRoutes) {
      const params = route.split('/').filter((part) => part.startsWith(':')).map((part) => part.slice(1));
      for (const [readName, read] of Object.entries(reads)) {
        const placeholders = [...read.path.split('/'), ...Object.values(read.query ?? {})].filter((part) => part.startsWith(':'));
        for (const placeholder of placeholders.map((part) => part.slice(1))) {
          const [from, field] = placeholder.split('.');
          const fromRead = field !== undefined && from !== readName && from! in reads;
          expect(params.includes(placeholder) || fromRead, `${name} ${route} ${readName} :${placeholder}`).toBe(true);
        }
      }
      if (Object.keys(reads).length > 0) {
        expect(access, `${name} ${route} is rendered by the api`).toBeUndefined();
        expect(tags.length, `${name} ${route} names its cache tags`).toBeGreaterThan(0);
      }
    }
  });

  it('are what the api reads before rendering each page, with its cache tags', () => {
    const planned = (pathname: string, answers: Record<string, unknown> = {}) => {
      const route = renderedRoute(pathname);
      return route && { module: route.module, reads: route.reads, then: route.then?.(answers), tags: route.tags };
    };
    expect(planned('/')).toEqual({ module: 'mfe_marketing/HomePage', reads: ['/bookings/packages'], then: undefined, tags: ['consultations'] });
    expect(planned('/community')).toEqual({
      module: 'mfe_community/CommunityPage',
      reads: ['/events?status=published', '/blogs/search?field=status&value=published', '/packages/public/search?field=package_type&value=subscription'],
      then: undefined,
      tags: ['events', 'blogs', 'packages'],
    });
    expect(planned('/blog/a%20b%26c')).toEqual({
      module: 'mfe_community/BlogPage',
      reads: ['/blogs/search?field=slug&value=a+b%26c'],
      then: undefined,
      tags: ['blogs'],
    });
    const packageRead = '/packages/public/search?field=slug&value=gold';
    expect(planned('/packages/gold', { [packageRead]: [{ id: 'p1', slug: 'gold', event_id: 'e1' }] })).toEqual({
      module: 'mfe_commerce/PackagePage',
      reads: [packageRead],
      then: ['/events/search?field=id&value=e1'],
      tags: ['packages', 'events'],
    });
    // A package of no event: no event to read.
    expect(planned('/packages/gold', { [packageRead]: [{ id: 'p1', slug: 'gold', event_id: null }] })?.then).toEqual([]);
    const eventRead = '/events/search?field=slug&value=launch';
    expect(planned('/event/launch', { [eventRead]: [{ id: 'e1', slug: 'launch' }] })).toEqual({
      module: 'mfe_community/EventPage',
      reads: [eventRead],
      then: ['/packages/public/search?field=event_id&value=e1'],
      tags: ['events', 'packages'],
    });
    // No event, no packages to read.
    expect(planned('/event/launch', { [eventRead]: [] })?.then).toEqual([]);
    expect(planned('/services/ai-chatbots')).toEqual({ module: 'mfe_marketing/ServicePage', reads: [], then: undefined, tags: [] });
    expect(planned('/orders')).toBeNull();
  });
});
