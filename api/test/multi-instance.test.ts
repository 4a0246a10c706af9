import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createDatabase, type ScratchDatabase } from '@site/test-support/postgres';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/database';
import { testConfig } from './app';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** Instances as separate pools on one fresh PostgreSQL database, as behind a load balancer. */
describe.each(postgresUrl ? [postgresUrl] : [])('several instances on one PostgreSQL', (adminUrl) => {
  let scratch: ScratchDatabase;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const admin = { ADMIN_USERNAME: 'multi-admin', ADMIN_EMAIL: 'multi-admin@example.com', ADMIN_PASSWORD: 'multi admin password' };

  beforeAll(async () => {
    scratch = await createDatabase('test_multi', adminUrl);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await scratch?.drop();
  });

  it('start together on an empty database: migrations, the admin account and samples are made once', async () => {
    for (let i = 0; i < 3; i++) databases.push(await openDatabase({ kind: 'postgres', url: scratch.url }));
    const started = await Promise.all(
      databases.map(async (database) => {
        const app = await buildApp({ config: testConfig(admin), database, logger: false, serveWeb: false });
        await app.ready();
        return app;
      }),
    );
    apps.push(...started);
    const rows = await databases[0]!.db.execute<{ admins: number }>(sql`SELECT count(*)::int AS admins FROM users WHERE username = 'multi-admin' AND role = 'admin'`);
    expect((rows as unknown as { rows: { admins: number }[] }).rows[0]!.admins).toBe(1);
  });

  it('a logout on one instance ends the session on another that believed it open', async () => {
    const [first, second] = apps;
    const login = await first!.inject({ method: 'POST', url: '/api/auth/login', payload: { username: admin.ADMIN_USERNAME, password: admin.ADMIN_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
    const cookie = login.cookies.find((c) => c.name === 'refresh_token')!;
    // The second instance now keeps the session as open for a few seconds.
    expect((await second!.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(200);

    const logout = await first!.inject({ method: 'POST', url: '/api/auth/logout', headers, cookies: { refresh_token: cookie.value } });
    expect(logout.statusCode).toBe(204);
    await expect.poll(async () => (await second!.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode, { timeout: 1_000, interval: 20 }).toBe(401);
  });
});
