import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { operationIdOf } from '../src/plugins/api-docs';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}
type Document = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

describe.each(testDatabases())('the OpenAPI document on $name', (target) => {
  let app: FastifyInstance;
  let doc: Document;
  let operations: { method: string; path: string; op: Operation }[];

  useTestApp(target, (built) => (app = built));
  beforeAll(async () => {
    doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ method, path, op: item[method]! })),
    );
  });

  it('names a server, and gives every operation a unique operationId and a security declaration', () => {
    expect(doc.servers?.[0]?.url).toMatch(/^https?:\/\//);
    expect(operations.length).toBeGreaterThan(60);
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter(({ op }) => !Array.isArray(op.security)).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    expect(operationIdOf('GET', '/api/orders/:id/invite.ics')).toBe('getOrdersByIdInviteIcs');
  });

  it('declares the bearer scheme on the operations that need a session', () => {
    const security = (method: string, path: string) => doc.paths[path]![method]!.security;
    expect(security('get', '/api/users/me')).toEqual([{ bearer: [] }]);
    expect(security('get', '/api/orders/{id}/invite.ics')).toEqual(expect.arrayContaining([{ bearer: [] }, { signedLink: [] }]));
    expect(security('get', '/api/admin/orders')).toEqual([{ bearer: [] }]);
    expect(security('post', '/api/users/me/delete')).toEqual([{ bearer: [] }]);
    expect(security('get', '/api/blogs/search')).toEqual([]);
  });

  it('no operation declared open answers 401 to a caller without credentials', async () => {
    const open = operations.filter(({ op }) => op.security?.length === 0);
    const refused: string[] = [];
    for (const { method, path } of open) {
      const res = await app.inject({ method: method.toUpperCase() as 'GET', url: path.replace(/\{[^}]+\}/g, randomUUID()) });
      if (res.statusCode === 401) refused.push(`${method} ${path}`);
    }
    expect(refused).toEqual([]);
  });

  it('declares error bodies as JSON, and pages, files and feeds with their own types', () => {
    const types = (method: string, path: string, code: string) => Object.keys(doc.paths[path]![method]!.responses[code]?.content ?? {});
    expect(types('get', '/api/orders/{id}/invite.ics', '200')).toEqual(['text/calendar']);
    expect(types('get', '/api/orders/{id}/invite.ics', '404')).toEqual(['application/json']);
    expect(types('get', '/api/orders/{id}/cancel', '200')).toEqual(['text/html']);
    expect(types('get', '/api/orders/{id}/cancel', '404')).toEqual(['text/html']);
    expect(types('get', '/api/orders/{id}/reschedule', '429')).toEqual(['application/json']);
    expect(types('get', '/ipfs/{cid}', '200')).toEqual(['*/*']);
    expect(types('get', '/ipfs/{cid}', '404')).toEqual(['application/json']);
    expect(types('get', '/sitemap.xml', '200')).toEqual(['application/xml']);
    expect(types('get', '/robots.txt', '200')).toEqual(['text/plain']);
    expect(types('get', '/api/newsletters/unsubscribe', '404')).toEqual(['text/html']);
  });

  it('lists null among the values of every nullable enum, as strict OpenAPI 3.0 validators need', () => {
    const offenders: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      const schema = node as { nullable?: boolean; enum?: unknown[] };
      if (schema.nullable && schema.enum && !schema.enum.includes(null)) offenders.push(at);
      for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
    };
    walk(doc, '#');
    expect(offenders).toEqual([]);
  });

  it("declares the upload's multipart body: one required binary field, image", () => {
    const upload = doc.paths['/api/ipfs/upload-image']!.post as Operation & { requestBody?: { content: Record<string, { schema: { required: string[]; properties: Record<string, { format: string }> } }> } };
    const form = upload.requestBody?.content['multipart/form-data']?.schema;
    expect(form?.required).toEqual(['image']);
    expect(form?.properties.image?.format).toBe('binary');
    expect(upload).not.toHaveProperty('x-multipart-fields');
  });

  it('answers 404 for an unknown unsubscribe token', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/newsletters/unsubscribe?token=${'x'.repeat(43)}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
