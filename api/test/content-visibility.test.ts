import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders, createEvent, uniqueSlug } from './content-helpers';

describe.each(testDatabases())('public visibility of event packages on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const ticketFor = async (eventId: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: adminHeaders(app),
      payload: { name: 'Seat', slug: uniqueSlug('seat'), price: 100, package_type: 'event', event_id: eventId, capacity: 5 },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; slug: string };
  };
  const setEventStatus = (id: string, status: string) =>
    app.inject({ method: 'PUT', url: `/api/events/${id}`, headers: adminHeaders(app), payload: { status } });
  const publicSearch = async (field: string, value: string) =>
    (await get(`/api/packages/public/search?field=${field}&value=${value}`)).json() as { id: string }[];

  it('hides an active ticket of an unpublished event from search, sitemap and purchase', async () => {
    const event = await createEvent(app);
    const ticket = await ticketFor(event.id);
    expect(await publicSearch('slug', ticket.slug)).toHaveLength(1);
    expect((await app.packages.findBuyable(ticket.id))?.id).toBe(ticket.id);

    for (const status of ['draft', 'cancelled', 'completed']) {
      expect((await setEventStatus(event.id, status)).statusCode).toBe(200);
      expect(await publicSearch('slug', ticket.slug)).toEqual([]);
      expect(await publicSearch('id', ticket.id)).toEqual([]);
      expect((await publicSearch('package_type', 'event')).map((p) => p.id)).not.toContain(ticket.id);
      expect((await get('/sitemap.xml')).body).not.toContain(`/packages/${ticket.slug}<`);
      expect(await app.packages.findBuyable(ticket.id)).toBeUndefined();
    }
    // Admins still find it, and it is back once the event is published again.
    const admin = await get(`/api/packages/search?field=slug&value=${ticket.slug}`, adminHeaders(app));
    expect(admin.json()).toHaveLength(1);
    await setEventStatus(event.id, 'published');
    expect(await publicSearch('slug', ticket.slug)).toHaveLength(1);
    expect((await get('/sitemap.xml')).body).toContain(`/packages/${ticket.slug}</loc>`);
  });

  it('lists only active packages in the public packages_ids of an event', async () => {
    const event = await createEvent(app);
    const kept = await ticketFor(event.id);
    const dropped = await ticketFor(event.id);
    await app.inject({ method: 'PUT', url: `/api/packages/${dropped.id}/deactivate`, headers: adminHeaders(app) });

    const bySlug = (await get(`/api/events/search?field=slug&value=${event.slug}`)).json()[0];
    expect(bySlug.packages_ids).toEqual([kept.id]);
    const listed = (await get('/api/events?status=published')).json().find((e: { id: string }) => e.id === event.id);
    expect(listed.packages_ids).toEqual([kept.id]);
    // Admins see every link, to reactivate from.
    const admin = (await get(`/api/events/search?field=id&value=${event.id}`, adminHeaders(app))).json()[0];
    expect(admin.packages_ids).toEqual(expect.arrayContaining([kept.id, dropped.id]));
  });
});
