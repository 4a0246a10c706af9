import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AuditEntry } from '@site/shared/contracts/admin';
import { bearer, useTestApp } from './app';
import { testDatabases } from './databases';
import { PASSWORD, uniqueName } from './accounts-helpers';
import { inDays, uniqueSlug } from './content-helpers';

describe.each(testDatabases())('audit entries of admin content writes on $name', (target) => {
  let app: FastifyInstance;
  let admin: { id: string; username: string };
  let headers: { authorization: string };

  useTestApp(target, (built) => (app = built));
  beforeAll(async () => {
    const username = uniqueName('admin');
    ({ user: admin } = await app.users.upsertAdmin({ username, email: `${username}@example.com`, password: PASSWORD }));
    headers = bearer(app, { sub: admin.id, role: 'admin' });
  });

  const send = async (method: 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  /** The entries written by `write`, oldest first. */
  async function entriesOf(write: () => Promise<unknown>): Promise<Omit<AuditEntry, 'id' | 'at' | 'actor_id'>[]> {
    const before = new Set((await app.audit.recent(100)).map((entry) => entry.id));
    await write();
    return (await app.audit.recent(100))
      .filter((entry) => !before.has(entry.id))
      .reverse()
      .map(({ actor_username, action, entity, entity_id, label, actor_id }) => {
        expect(actor_id).toBe(admin.id);
        return { actor_username, action, entity, entity_id, label };
      });
  }
  const by = () => ({ actor_username: admin.username });

  it('blogs: create, update, archive, reactivate each leave one entry; a refused write leaves none', async () => {
    const slug = uniqueSlug('post');
    let id = '';
    expect(
      await entriesOf(async () => {
        const res = await send('POST', '/api/blogs', { title: 'Audited post', slug, content: '<p>x</p>', status: 'draft' });
        expect(res.status).toBe(201);
        id = res.body.id;
      }),
    ).toEqual([{ ...by(), action: 'create', entity: 'blog', entity_id: id, label: 'Audited post' }]);

    expect(await entriesOf(() => send('PUT', `/api/blogs/${id}`, { title: 'Renamed post' }))).toEqual([
      { ...by(), action: 'update', entity: 'blog', entity_id: id, label: 'Renamed post' },
    ]);
    expect(await entriesOf(() => send('PUT', '/api/blogs/archive', { ids: [id] }))).toEqual([
      { ...by(), action: 'archive', entity: 'blog', entity_id: id, label: 'Renamed post' },
    ]);
    expect(await entriesOf(() => send('PUT', `/api/blogs/${id}/reactivate`))).toEqual([
      { ...by(), action: 'reactivate', entity: 'blog', entity_id: id, label: 'Renamed post' },
    ]);
    // Refused by the database (duplicate slug, 409) or by the service (not archived, 409): nothing logged.
    expect(
      await entriesOf(async () => {
        expect((await send('POST', '/api/blogs', { title: 'Dup', slug, content: '<p>x</p>' })).status).toBe(409);
        expect((await send('PUT', `/api/blogs/${id}/reactivate`)).status).toBe(409);
      }),
    ).toEqual([]);
  });

  it('events: create and update (a status change too) are logged; a failed update is not', async () => {
    let id = '';
    const payload = {
      title: 'Audited event',
      slug: uniqueSlug('event'),
      description: 'd',
      location: 'Online',
      start_time: inDays(5),
      end_time: inDays(5, 2),
      status: 'published',
    };
    expect(
      await entriesOf(async () => {
        const res = await send('POST', '/api/events', payload);
        expect(res.status).toBe(201);
        id = res.body.id;
      }),
    ).toEqual([{ ...by(), action: 'create', entity: 'event', entity_id: id, label: 'Audited event' }]);
    expect(await entriesOf(() => send('PUT', `/api/events/${id}`, { status: 'cancelled' }))).toEqual([
      { ...by(), action: 'update', entity: 'event', entity_id: id, label: 'Audited event' },
    ]);
    expect(
      await entriesOf(async () => {
        expect((await send('PUT', `/api/events/${id}`, { end_time: inDays(1) })).status).toBe(400);
        expect((await send('PUT', '/api/events/00000000-0000-4000-8000-000000000000', { title: 'x' })).status).toBe(404);
      }),
    ).toEqual([]);
  });

  it('packages: create (both types), update, deactivate, reactivate are logged with the write', async () => {
    const event = await send('POST', '/api/events', {
      title: 'Workshop',
      slug: uniqueSlug('event'),
      description: 'd',
      location: 'Online',
      start_time: inDays(9),
      end_time: inDays(9, 2),
      status: 'published',
    });
    let id = '';
    let eventPackageId = '';
    expect(
      await entriesOf(async () => {
        const sub = await send('POST', '/api/packages', { name: 'Monthly', slug: uniqueSlug('sub'), price: 99, duration_days: 30, package_type: 'subscription' });
        expect(sub.status).toBe(201);
        id = sub.body.id;
        const seat = await send('POST', '/api/packages', {
          name: 'Seat',
          slug: uniqueSlug('seat'),
          price: 10,
          package_type: 'event',
          event_id: event.body.id,
          capacity: 5,
        });
        expect(seat.status).toBe(201);
        eventPackageId = seat.body.id;
      }),
    ).toEqual([
      { ...by(), action: 'create', entity: 'package', entity_id: id, label: 'Monthly' },
      { ...by(), action: 'create', entity: 'package', entity_id: eventPackageId, label: 'Seat' },
    ]);
    expect(
      await entriesOf(async () => {
        await send('PUT', `/api/packages/${id}`, { price: 149 });
        await send('PUT', `/api/packages/${id}/deactivate`);
        await send('PUT', `/api/packages/${id}/reactivate`);
      }),
    ).toEqual([
      { ...by(), action: 'update', entity: 'package', entity_id: id, label: 'Monthly' },
      { ...by(), action: 'deactivate', entity: 'package', entity_id: id, label: 'Monthly' },
      { ...by(), action: 'reactivate', entity: 'package', entity_id: id, label: 'Monthly' },
    ]);
    // The event package's link to its event was written in the same transaction as the entry.
    const linked = await app.inject({ method: 'GET', url: `/api/events/search?field=id&value=${event.body.id}`, headers });
    expect(linked.json()[0].packages_ids).toEqual([eventPackageId]);
  });

  it('a write whose audit entry cannot be stored is rolled back with it', async () => {
    const slug = uniqueSlug('post');
    // An action longer than the column allows makes the audit insert fail after the blog insert.
    const failing = app.audit.audited(
      { user: { sub: admin.id, role: 'admin' } } as never,
      (tx) => app.blogs.create(tx, admin.id, { title: 'Orphan', slug, content: '<p>x</p>', status: 'draft' }),
      () => ({ action: 'x'.repeat(41) as never, entity: 'blog' }),
    );
    await expect(failing).rejects.toThrow();
    const search = await app.inject({ method: 'GET', url: `/api/blogs/search?field=slug&value=${slug}`, headers });
    expect(search.json()).toEqual([]);
  });
});
