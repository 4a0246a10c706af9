import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders, inDays, uniqueSlug } from './content-helpers';

describe.each(testDatabases())('input the database cannot store, on $name', (target) => {
  let app: FastifyInstance;
  const lines: string[] = [];

  useTestApp(target, (built) => (app = built), {
    env: { LOG_LEVEL: 'error' },
    logStream: { write: (line) => void lines.push(line) },
    extend: (instance) => {
      instance.get('/api/__probe/raw-insert', async (request) => {
        // A route that forgets to validate: the database's refusal must still be a 400.
        const { db } = instance.database;
        const { sql } = await import('drizzle-orm');
        await db.execute(sql`SELECT ${String((request.query as { v?: string }).v)}::timestamptz`);
        return { ok: true };
      });
      instance.get('/api/__probe/db-crash', async () => {
        const { sql } = await import('drizzle-orm');
        await instance.database.db.execute(sql`SELECT * FROM no_such_table WHERE secret = ${'personal-data@example.com'}`);
        return { ok: true };
      });
    },
  });

  const expectRefused = (res: { statusCode: number; json(): { error: string; message: string } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  };

  it('refuses NUL in a query, a body, a path parameter and a key with 400', async () => {
    expectRefused(await app.inject({ method: 'GET', url: '/api/blogs/search?field=title&value=a%00b' }));
    expectRefused(await app.inject({ method: 'GET', url: '/api/events/search?field=title&value=%00' }));
    expectRefused(await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'ad\u0000min', password: 'x' } }));
    expectRefused(await app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { username: '\u0000' } }));
    expectRefused(await app.inject({ method: 'POST', url: '/api/contacts', payload: { name: 'A\u0000', email: 'a@example.com', message: 'hi' } }));
    expectRefused(await app.inject({ method: 'GET', url: '/api/blogs/a%00b' }));
    expectRefused(await app.inject({ method: 'POST', url: '/api/contacts', payload: { 'na\u0000me': 'A' } }));
    const res = await app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { username: 'x\u0000' } });
    expect(res.json().message).toContain('NUL');
  });

  it('refuses absurdly deep input with 400', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = { a: deep };
    expectRefused(await app.inject({ method: 'POST', url: '/api/contacts', payload: { name: deep } as object }));
  });

  it('refuses timestamps outside the years PostgreSQL and browsers agree on', async () => {
    for (const start_time of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59', '0999-12-31T00:00:00Z']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: adminHeaders(app),
        payload: { title: 'T', slug: uniqueSlug('e'), description: 'D', location: 'L', start_time, end_time: null, status: 'draft' },
      });
      expectRefused(res);
    }
    const ok = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: adminHeaders(app),
      payload: { title: 'T', slug: uniqueSlug('e'), description: 'D', location: 'L', start_time: inDays(3), end_time: null, status: 'draft' },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('turns a data error the database raises into 400, on any route', async () => {
    expectRefused(await app.inject({ method: 'GET', url: '/api/__probe/raw-insert?v=0000-01-01' }));
  });

  it('answers malformed multipart uploads with 400', async () => {
    const headers = adminHeaders(app);
    const bodies: [string, string][] = [
      ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc'],
      ['multipart/form-data; boundary=nope', '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc\r\n--x--'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc'],
      ['multipart/form-data; boundary=x', '\u0001\u0002garbage\r\n\r\n--'],
    ];
    for (const [contentType, payload] of bodies) {
      const res = await app.inject({ method: 'POST', url: '/api/ipfs/upload-image', headers: { ...headers, 'content-type': contentType }, payload });
      expect(res.statusCode, `${contentType} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });

  it('logs a failed query once, with the request id and without its parameters', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/__probe/db-crash' });
    expect(res.statusCode).toBe(500);
    const { requestId } = res.json();
    const errors = lines.map((line) => JSON.parse(line) as { level: number; reqId: string }).filter((entry) => entry.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.reqId).toBe(requestId);
    expect(lines.join('')).not.toContain('personal-data@example.com');
    expect(res.body).not.toContain('no_such_table');
  });
});
