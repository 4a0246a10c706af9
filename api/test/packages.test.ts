import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders, createEvent, inDays, uniqueSlug, userHeaders } from './content-helpers';

describe.each(testDatabases())('packages on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  const subscription = (overrides: Record<string, unknown> = {}) => ({
    name: 'Monthly',
    slug: uniqueSlug('sub'),
    price: 499.5,
    duration_days: 30,
    package_type: 'subscription',
    ...overrides,
  });
  const create = (payload: object, headers = adminHeaders(app)) =>
    app.inject({ method: 'POST', url: '/api/packages', headers, payload });
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const eventOf = async (id: string) =>
    (await get(`/api/events/search?field=id&value=${id}`, adminHeaders(app))).json()[0] as { packages_ids: string[] };

  it('refuses creation without a token (401) or as a non-admin (403)', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/packages', payload: subscription() })).statusCode).toBe(401);
    expect((await create(subscription(), userHeaders(app))).statusCode).toBe(403);
  });

  it('creates a subscription package, storing null event fields', async () => {
    const event = await createEvent(app);
    const res = await create(subscription({ event_id: null, capacity: null, package_registration_deadline: null, description: 'x' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ price: 499.5, duration_days: 30, is_active: true, event_id: null, capacity: null });
    // Event fields sent for a subscription are dropped rather than half-linked.
    const dropped = await create(subscription({ event_id: event.id, capacity: 3 }));
    expect(dropped.json()).toMatchObject({ event_id: null, capacity: null });
    expect((await eventOf(event.id)).packages_ids).toEqual([]);
  });

  it('validates price, duration, unknown fields and duplicate slugs', async () => {
    expect((await create(subscription({ price: -1 }))).statusCode).toBe(400);
    expect((await create(subscription({ price: 10.123 }))).statusCode).toBe(400);
    expect((await create(subscription({ duration_days: undefined }))).statusCode).toBe(400);
    expect((await create(subscription({ duration_days: -1 }))).statusCode).toBe(400);
    expect((await create(subscription({ colour: 'red' }))).statusCode).toBe(400);
    expect((await create(subscription({ price: 0 }))).statusCode).toBe(201);
    const slug = uniqueSlug('dup');
    expect((await create(subscription({ slug }))).statusCode).toBe(201);
    const dup = await create(subscription({ slug }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A package with this slug already exists.');
  });

  it('needs a published event and a capacity of at least 1 for an event package, and links them both ways', async () => {
    const draft = await createEvent(app, { status: 'draft' });
    const event = await createEvent(app);
    const ticket = (overrides: Record<string, unknown> = {}) => ({
      name: 'Ticket',
      slug: uniqueSlug('ticket'),
      price: 100,
      package_type: 'event',
      event_id: event.id,
      capacity: 20,
      package_registration_deadline: inDays(8),
      ...overrides,
    });
    expect((await create(ticket({ capacity: 0 }))).statusCode).toBe(400);
    expect((await create(ticket({ capacity: undefined }))).statusCode).toBe(400);
    expect((await create(ticket({ event_id: undefined }))).statusCode).toBe(400);
    expect((await create(ticket({ event_id: draft.id }))).statusCode).toBe(400);
    expect((await create(ticket({ event_id: randomUUID() }))).statusCode).toBe(400);

    const res = await create(ticket());
    expect(res.statusCode).toBe(201);
    const pkg = res.json();
    expect(pkg).toMatchObject({ event_id: event.id, capacity: 20, package_type: 'event' });
    expect((await eventOf(event.id)).packages_ids).toEqual([pkg.id]);

    // Moving the package to another event moves the link; turning it into a subscription drops it.
    const other = await createEvent(app);
    const moved = await app.inject({ method: 'PUT', url: `/api/packages/${pkg.id}`, headers: adminHeaders(app), payload: { event_id: other.id } });
    expect(moved.statusCode).toBe(200);
    expect((await eventOf(event.id)).packages_ids).toEqual([]);
    expect((await eventOf(other.id)).packages_ids).toEqual([pkg.id]);
    const converted = await app.inject({
      method: 'PUT',
      url: `/api/packages/${pkg.id}`,
      headers: adminHeaders(app),
      payload: { package_type: 'subscription', duration_days: 7 },
    });
    expect(converted.json()).toMatchObject({ package_type: 'subscription', event_id: null, capacity: null, package_registration_deadline: null });
    expect((await eventOf(other.id)).packages_ids).toEqual([]);
  });

  it('updates (admin only) and 404s an unknown id', async () => {
    const pkg = (await create(subscription())).json();
    const url = `/api/packages/${pkg.id}`;
    expect((await app.inject({ method: 'PUT', url, payload: { price: 1 } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url, headers: userHeaders(app), payload: { price: 1 } })).statusCode).toBe(403);
    const res = await app.inject({ method: 'PUT', url, headers: adminHeaders(app), payload: { price: 1.25, name: 'Renamed' } });
    expect(res.json()).toMatchObject({ price: 1.25, name: 'Renamed' });
    const missing = await app.inject({ method: 'PUT', url: `/api/packages/${randomUUID()}`, headers: adminHeaders(app), payload: { price: 1 } });
    expect(missing.statusCode).toBe(404);
  });

  it('deactivates and reactivates (admin only); the public search sees active packages only', async () => {
    const pkg = (await create(subscription())).json();
    const publicBySlug = () => get(`/api/packages/public/search?field=slug&value=${pkg.slug}`);
    expect((await publicBySlug()).json()).toHaveLength(1);
    expect((await app.inject({ method: 'PUT', url: `/api/packages/${pkg.id}/deactivate` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: `/api/packages/${pkg.id}/deactivate`, headers: userHeaders(app) })).statusCode).toBe(403);
    const off = await app.inject({ method: 'PUT', url: `/api/packages/${pkg.id}/deactivate`, headers: adminHeaders(app) });
    expect(off.json().is_active).toBe(false);
    expect((await publicBySlug()).json()).toEqual([]);
    const inactive = (await get('/api/packages/search?field=is_active&value=false', adminHeaders(app))).json();
    expect(inactive.map((p: { id: string }) => p.id)).toContain(pkg.id);
    const on = await app.inject({ method: 'PUT', url: `/api/packages/${pkg.id}/reactivate`, headers: adminHeaders(app) });
    expect(on.json().is_active).toBe(true);
    expect((await publicBySlug()).json()).toHaveLength(1);
  });

  it('searches within each allow-list; the admin search needs an admin', async () => {
    const event = await createEvent(app);
    const pkg = (
      await create({ name: 'T', slug: uniqueSlug('t'), price: 5, package_type: 'event', event_id: event.id, capacity: 2 })
    ).json();
    const ids = (res: { json(): unknown }) => (res.json() as { id: string }[]).map((p) => p.id);
    expect(ids(await get(`/api/packages/public/search?field=event_id&value=${event.id}`))).toEqual([pkg.id]);
    expect(ids(await get(`/api/packages/public/search?field=id&value=${pkg.id}`))).toEqual([pkg.id]);
    const events = (await get('/api/packages/public/search?field=package_type&value=event')).json();
    expect(events.every((p: { package_type: string }) => p.package_type === 'event')).toBe(true);
    expect((await get('/api/packages/public/search?field=is_active&value=false')).statusCode).toBe(400);
    expect((await get('/api/packages/public/search?field=price&value=5')).statusCode).toBe(400);
    expect((await get('/api/packages/public/search?field=package_type&value=gift')).statusCode).toBe(400);
    expect((await get('/api/packages/public/search?field=id&value=nope')).statusCode).toBe(400);

    expect((await get('/api/packages/search?field=is_active&value=true')).statusCode).toBe(401);
    expect((await get('/api/packages/search?field=is_active&value=true', userHeaders(app))).statusCode).toBe(403);
    expect(ids(await get('/api/packages/search?field=is_active&value=true', adminHeaders(app)))).toContain(pkg.id);
    expect((await get('/api/packages/search?field=is_active&value=maybe', adminHeaders(app))).statusCode).toBe(400);
    expect((await get('/api/packages/search?field=name&value=T', adminHeaders(app))).statusCode).toBe(400);
  });
});
