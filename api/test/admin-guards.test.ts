import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { userHeaders } from './content-helpers';

interface Operation {
  tags?: string[];
  summary?: string;
}
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * An admin operation: under /api/admin, tagged admin, or summarised "(admin…)" / "…admin)" as the
 * content and media routes are. Read from the OpenAPI document, so routes added later are checked too.
 */
const isAdminOperation = (path: string, op: Operation) =>
  path.startsWith('/api/admin/') || (op.tags ?? []).includes('admin') || /\(admin\b|\badmin\)/i.test(op.summary ?? '');

describe.each(testDatabases())('every admin route on $name', (target) => {
  let app: FastifyInstance;
  let operations: { method: Method; path: string; url: string }[];

  useTestApp(target, (built) => (app = built));
  beforeAll(async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method] && isAdminOperation(path, item[method]!)).map((method) => ({
        method: method.toUpperCase() as Method,
        path,
        // Path parameters get a well-formed id: the guard must answer before any lookup.
        url: path.replace(/\{[^}]+\}/g, randomUUID()),
      })),
    );
  });

  it('finds the admin routes in the OpenAPI document', () => {
    const found = operations.map((op) => `${op.method} ${op.path}`);
    for (const expected of [
      'GET /api/admin/stats',
      'GET /api/admin/activity',
      'GET /api/admin/messages/export.csv',
      'GET /api/admin/subscribers',
      'GET /api/admin/admins',
      'GET /api/admin/blogs',
      'POST /api/blogs',
      'PUT /api/blogs/{id}/reactivate',
      'PUT /api/events/{id}',
      'PUT /api/packages/{id}/deactivate',
      'GET /api/packages/search',
      'POST /api/ipfs/upload-image',
    ]) {
      expect(found).toContain(expected);
    }
  });

  it('answers 401 without a token and 403 for a non-admin, on each of them', async () => {
    const wrong: string[] = [];
    for (const { method, path, url } of operations) {
      const anonymous = await app.inject({ method, url });
      const user = await app.inject({ method, url, headers: userHeaders(app) });
      if (anonymous.statusCode !== 401 || anonymous.json().error !== 'unauthorized') wrong.push(`${method} ${path}: ${anonymous.statusCode} without a token`);
      if (user.statusCode !== 403 || user.json().error !== 'forbidden') wrong.push(`${method} ${path}: ${user.statusCode} for a non-admin`);
    }
    expect(wrong).toEqual([]);
  });
});
