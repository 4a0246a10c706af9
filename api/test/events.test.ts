import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp, testAdminId } from './app';
import { testDatabases } from './databases';
import { adminHeaders, createEvent, inDays, uniqueSlug, userHeaders } from './content-helpers';

describe.each(testDatabases())('events on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  const body = (overrides: Record<string, unknown> = {}) => ({
    title: 'Meetup',
    slug: uniqueSlug('meetup'),
    description: 'Talks',
    location: 'Online',
    start_time: inDays(5),
    ...overrides,
  });
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const slugs = (res: { json(): unknown }) => (res.json() as { slug: string }[]).map((e) => e.slug);

  it('refuses creation without a token (401) or as a non-admin (403)', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/events', payload: body() })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/events', headers: userHeaders(app), payload: body() })).statusCode).toBe(403);
  });

  it('creates a draft by default, with created_by from the token', async () => {
    const sub = testAdminId(app);
    const res = await app.inject({ method: 'POST', url: '/api/events', headers: adminHeaders(app, sub), payload: body() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'draft', created_by: sub, payment_required: false, end_time: null, packages_ids: [] });
  });

  it('validates: unknown fields, end before start, duplicate slug', async () => {
    const post = (payload: object) => app.inject({ method: 'POST', url: '/api/events', headers: adminHeaders(app), payload });
    expect((await post(body({ created_by: randomUUID() }))).statusCode).toBe(400);
    expect((await post(body({ start_time: inDays(5), end_time: inDays(4) }))).statusCode).toBe(400);
    expect((await post(body({ start_time: 'tomorrow' }))).statusCode).toBe(400);
    expect((await post(body({ status: 'postponed' }))).statusCode).toBe(400);
    const slug = uniqueSlug('dup');
    expect((await post(body({ slug }))).statusCode).toBe(201);
    const dup = await post(body({ slug }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('An event with this slug already exists.');
  });

  it('updates the status afterwards (admin only)', async () => {
    const event = await createEvent(app, { status: 'draft' });
    const url = `/api/events/${event.id}`;
    expect((await app.inject({ method: 'PUT', url, payload: { status: 'published' } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url, headers: userHeaders(app), payload: { status: 'published' } })).statusCode).toBe(403);
    const res = await app.inject({ method: 'PUT', url, headers: adminHeaders(app), payload: { status: 'published' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('published');
    const bad = await app.inject({ method: 'PUT', url, headers: adminHeaders(app), payload: { end_time: '2000-01-01T00:00:00Z' } });
    expect(bad.statusCode).toBe(400);
    const missing = await app.inject({ method: 'PUT', url: `/api/events/${randomUUID()}`, headers: adminHeaders(app), payload: { status: 'draft' } });
    expect(missing.statusCode).toBe(404);
  });

  it('lists published events to the public, every status to admins', async () => {
    const draft = await createEvent(app, { status: 'draft' });
    const live = await createEvent(app, { status: 'published' });
    const cancelled = await createEvent(app, { status: 'cancelled' });
    const publicList = await get('/api/events');
    expect(slugs(publicList)).toContain(live.slug);
    expect(slugs(publicList)).not.toContain(draft.slug);
    expect(slugs(publicList)).not.toContain(cancelled.slug);
    expect((await get('/api/events?status=draft')).json()).toEqual([]);
    expect((await get('/api/events?status=draft', userHeaders(app))).json()).toEqual([]);
    expect(slugs(await get('/api/events?status=draft', adminHeaders(app)))).toEqual(expect.arrayContaining([draft.slug]));
    const all = slugs(await get('/api/events', adminHeaders(app)));
    expect(all).toEqual(expect.arrayContaining([draft.slug, live.slug, cancelled.slug]));
    expect((await get('/api/events?status=nope')).statusCode).toBe(400);
  });

  it('lists events in start order', async () => {
    const times = (await get('/api/events')).json().map((e: { start_time: string }) => Date.parse(e.start_time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('searches by slug, id and status within the allow-list', async () => {
    const draft = await createEvent(app, { status: 'draft' });
    const live = await createEvent(app);
    expect(slugs(await get(`/api/events/search?field=slug&value=${live.slug}`))).toEqual([live.slug]);
    expect(slugs(await get(`/api/events/search?field=id&value=${live.id}`))).toEqual([live.slug]);
    expect((await get(`/api/events/search?field=slug&value=${draft.slug}`)).json()).toEqual([]);
    expect(slugs(await get(`/api/events/search?field=slug&value=${draft.slug}`, adminHeaders(app)))).toEqual([draft.slug]);
    expect((await get('/api/events/search?field=status&value=draft')).json()).toEqual([]);
    expect(slugs(await get('/api/events/search?field=status&value=draft', adminHeaders(app)))).toContain(draft.slug);
    expect((await get('/api/events/search?field=title&value=x')).statusCode).toBe(400);
    expect((await get('/api/events/search?field=location&value=x')).statusCode).toBe(400);
    expect((await get('/api/events/search?field=id&value=not-a-uuid')).statusCode).toBe(400);
    expect((await get('/api/events/search?field=status&value=secret')).statusCode).toBe(400);
  });
});
