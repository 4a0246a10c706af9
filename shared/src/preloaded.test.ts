import { describe, expect, it } from 'vitest';
import { preloadKey, routeRead } from './preloaded';
import { answerValues, fillRead } from './remotes';

describe('routeRead', () => {
  it('gives the key of a read the remote table declares, its placeholders filled from the route', () => {
    expect(routeRead('mfe_marketing', '/', 'packages')).toBe('/bookings/packages');
    expect(routeRead('mfe_community', '/community', 'events')).toBe('/events?status=published');
    expect(routeRead('mfe_community', '/blog/:slug', 'blog', { slug: 'a b&c' })).toBe(
      preloadKey('/blogs/search', { field: 'slug', value: 'a b&c' }),
    );
  });

  it('fills a read that follows another from the value its answer gives', () => {
    expect(routeRead('mfe_community', '/event/:slug', 'packages', { 'event.id': 'e1' })).toBe('/packages/public/search?field=event_id&value=e1');
  });

  it('refuses a read without a value for each placeholder, or one the route does not declare', () => {
    expect(() => routeRead('mfe_community', '/event/:slug', 'packages', { slug: 'launch' })).toThrow(/placeholders/);
    // @ts-expect-error the route declares no such read
    expect(() => routeRead('mfe_community', '/community', 'posts')).toThrow(/declares no read posts/);
  });
});

describe('fillRead and answerValues', () => {
  it('fills path segments and query values, and waits while a value is missing', () => {
    expect(fillRead({ path: '/events/:id/packages', query: { status: ':status' } }, { id: 'a/b', status: 'open' })).toBe(
      '/events/a%2Fb/packages?status=open',
    );
    expect(fillRead({ path: '/events', query: { id: ':event.id' } }, {})).toBeNull();
  });

  it('takes the text and number fields of the first row of each answer', () => {
    expect(answerValues({ event: [{ id: 'e1', seats: 3, tags: ['x'] }, { id: 'e2' }], none: [], one: { slug: 's' } })).toEqual({
      'event.id': 'e1',
      'event.seats': '3',
      'one.slug': 's',
    });
  });
});
