import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, useTestApp } from './app';
import { testDatabases } from './databases';
import { PASSWORD, uniqueName } from './accounts-helpers';
import { adminHeaders, userHeaders } from './content-helpers';
import { UNKNOWN_ACTOR } from '../src/modules/audit/service';
import type { Db } from '../src/db/database';

describe.each(testDatabases())('audit log on $name', (target) => {
  let app: FastifyInstance;
  let admin: { id: string; username: string };

  useTestApp(target, (built) => (app = built));
  beforeAll(async () => {
    const username = uniqueName('admin');
    ({ user: admin } = await app.users.upsertAdmin({ username, email: `${username}@example.com`, password: PASSWORD }));
  });

  const actor = () => ({ id: admin.id, username: admin.username });
  const activity = (limit?: number, headers = bearer(app, { sub: admin.id, role: 'admin' })) =>
    app.inject({ method: 'GET', url: `/api/admin/activity${limit ? `?limit=${limit}` : ''}`, headers });

  it('records inside the caller\'s transaction: committed with it', async () => {
    await app.database.db.transaction(async (tx) => {
      await app.audit.record(tx as unknown as Db, { actor: actor(), action: 'update', entity: 'blog', entityId: 'b-commit', label: 'Kept' });
    });
    const [latest] = await app.audit.recent(1);
    expect(latest).toMatchObject({ actor_id: admin.id, actor_username: admin.username, action: 'update', entity: 'blog', entity_id: 'b-commit', label: 'Kept' });
    expect(Date.now() - Date.parse(latest!.at)).toBeLessThan(60_000);
  });

  it('leaves no entry when the caller\'s transaction rolls back', async () => {
    const before = (await app.audit.recent(100)).length;
    await expect(
      app.database.db.transaction(async (tx) => {
        await app.audit.record(tx as unknown as Db, { actor: actor(), action: 'create', entity: 'event', entityId: 'e-rollback' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const after = await app.audit.recent(100);
    expect(after).toHaveLength(before);
    expect(after.some((e) => e.entity_id === 'e-rollback')).toBe(false);
  });

  it('audited() names the token\'s subject, even one whose account is gone', async () => {
    const request = { user: { sub: admin.id, role: 'admin' } } as never;
    await app.audit.audited(request, async () => 'x', () => ({ action: 'create', entity: 'package', entityId: 'p-1' }));
    expect((await app.audit.recent(1))[0]).toMatchObject({ actor_username: admin.username, entity_id: 'p-1' });
    const ghost = '00000000-0000-4000-8000-000000000000';
    await app.audit.audited({ user: { sub: ghost, role: 'admin' } } as never, async () => 'x', () => ({ action: 'create', entity: 'package', entityId: 'p-2' }));
    expect((await app.audit.recent(1))[0]).toMatchObject({ actor_id: ghost, actor_username: UNKNOWN_ACTOR, entity_id: 'p-2' });
  });

  it('GET /api/admin/activity lists the newest first, honours limit, and is admin-only', async () => {
    for (const id of ['first', 'second', 'third']) {
      await app.audit.record(app.database.db, { actor: actor(), action: 'update', entity: 'event', entityId: id });
    }
    const res = await activity(2);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json().items.map((e: { entity_id: string }) => e.entity_id)).toEqual(['third', 'second']);
    expect((await activity(101)).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/admin/activity' })).statusCode).toBe(401);
    expect((await activity(undefined, userHeaders(app))).statusCode).toBe(403);
    expect((await activity(undefined, adminHeaders(app))).statusCode).toBe(200);
  });
});
