import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, testAdminId, useTestApp } from './app';
import { testDatabases } from './databases';
import { login, register } from './accounts-helpers';

/**
 * Generated hostile requests against every operation of the OpenAPI document (so routes added
 * later are covered without touching this file), signed out, as a user and as an admin: none may
 * answer 5xx or leak a stack, SQL or a file path.
 */
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 24);
/** Rounds always run (each covers every route and caller once); further rounds while within the budget. */
const MIN_ROUNDS = 6;
const BUDGET_MS = Number(process.env.BAD_INPUT_BUDGET_MS ?? 60_000);
const SEED = Number(process.env.BAD_INPUT_SEED ?? Date.now() % 1_000_000);

function hasErrorShape(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    return typeof parsed.error === 'string' && typeof parsed.message === 'string';
  } catch {
    return false;
  }
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  const?: unknown;
};
interface Operation {
  method: string;
  path: string;
  params: { in: string; name: string; schema?: Schema }[];
  body?: Schema;
}
interface Generated {
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** A page's own stylesheet is the site's, not an answer's content (its `select { … }` is no query). */
const withoutStyles = (body: string) => body.replace(/<style[^>]*>[\s\S]*?<\/style>/gi, '');
const LEAKS = /\bat [\w.<>]+ \(|node_modules|\/work\/|\/home\/|\.ts:\d+|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|syntax error at|DrizzleQueryError|\bpg_\w+|violates .* constraint/i;

// Text PostgreSQL and parsers trip on: NUL and other controls, lone surrogates, huge, odd numbers as text.
const hostileString = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\u0001\u0002\u001f', '\ud800', '\udfff\ud800', '\u202e\u200b', '%00', '../../etc/passwd', "' OR 1=1 --", '$1', '\\', '{}', 'NaN', '-0'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('x'.repeat(5_000), 'é'.repeat(70_000), '\u0000'.repeat(1_000)),
);
const hostileDate = fc.constantFrom(
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-23:59',
  '-000001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2024-02-30T00:00:00Z',
  '2024-01-01T24:00:00Z',
  '1969-12-31T23:59:59.999999999Z',
  '0001-01-01T00:00:00+14:00',
);
const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 5e-324, 0.5),
  fc.double({ noNaN: true }),
  fc.bigInt().map((n) => Number(n)),
);
const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1), b: [deep(0)] });
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], deep(60), { __proto__: { admin: true } }, { constructor: { prototype: {} } }),
  hostileNumber,
  hostileString,
  fc.array(hostileString, { maxLength: 3 }),
);

function fromSchema(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return wrongType;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => fromSchema(variant, depth + 1)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        if (schema.format === 'date-time') return fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), hostileDate);
        if (schema.format === 'uuid') return fc.oneof(fc.uuid(), fc.constant(randomUUID()));
        if (schema.format === 'email') return fc.oneof(fc.emailAddress(), hostileString.map((s) => `${s}@example.com`));
        return fc.oneof(fc.string({ maxLength: Math.min(schema.maxLength ?? 30, 30) }), fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/));
      case 'integer':
        return fc.oneof(fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 }), hostileNumber);
      case 'number':
        return fc.oneof(fc.double({ noNaN: true, min: schema.minimum, max: schema.maximum }), hostileNumber);
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 });
      case 'object': {
        const properties = schema.properties ?? {};
        const required = new Set(schema.required ?? []);
        const entries = Object.entries(properties).map(([name, property]) =>
          fc.tuple(fc.constant(name), fc.option(fromSchema(property, depth + 1), { freq: required.has(name) ? 12 : 3, nil: undefined })),
        );
        const extra = fc.option(fc.tuple(fc.oneof(hostileString, fc.constantFrom('__proto__', 'role', 'id', 'constructor')), wrongType), { freq: 4 });
        return fc.tuple(fc.tuple(...entries), extra).map(([pairs, more]) => {
          const value: Record<string, unknown> = {};
          for (const [name, item] of pairs) if (item !== undefined) value[name] = item;
          if (more) Object.defineProperty(value, more[0], { value: more[1], enumerable: true, configurable: true, writable: true });
          return value;
        });
      }
      default:
        return wrongType;
    }
  })();
  // Mostly shaped like the schema (to reach the handler), sometimes the wrong thing entirely.
  return fc.oneof({ arbitrary: shaped, weight: 5 }, { arbitrary: wrongType, weight: 1 });
}

const rawBodies = fc.oneof(
  fc.constantFrom('{"a":1,"a":2}', '{"username":"a","username":"\\u0000"}', '{', '[]', 'null', '"x"', '{"a":' + '['.repeat(5_000), '\u0000', ''),
  fc.string({ unit: 'binary', maxLength: 200 }),
);
const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=latin1',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
);

/** Percent-encodes a path value; a lone surrogate goes out as the invalid UTF-8 bytes it would be. */
const encodePathValue = (value: string) =>
  value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[^\ud800-\udfff]+|[\ud800-\udbff][\udc00-\udfff]/g, (part) =>
    /^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part),
  );

function requestFor(op: Operation): fc.Arbitrary<Generated> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(...pathParams.map((p) => fc.oneof(fromSchema(p.schema), fc.uuid(), hostileString).map(String)));
  const queryArb = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(fc.oneof(fromSchema(p.schema).map(String), hostileString, fc.array(hostileString, { minLength: 2, maxLength: 2 })), { freq: 6 }),
    ),
  );
  const extraQuery = fc.option(fc.tuple(hostileString, hostileString), { freq: 4 });
  const hasBody = op.method !== 'GET' && op.method !== 'HEAD';
  const bodyArb: fc.Arbitrary<{ payload?: string; contentType?: string }> = hasBody
    ? fc.oneof(
        { arbitrary: fromSchema(op.body).map((value) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' })), weight: 4 },
        { arbitrary: fc.tuple(rawBodies, contentTypes).map(([payload, contentType]) => ({ payload, contentType })), weight: 1 },
      )
    : fc.constant({});
  return fc.tuple(pathArb, queryArb, extraQuery, bodyArb).map(([pathValues, queryValues, extra, body]) => {
    let url = op.path;
    pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodePathValue(pathValues[i]!))));
    const search = new URLSearchParams();
    queryParams.forEach((p, i) => {
      const value = queryValues[i];
      if (value === null || value === undefined) return;
      for (const item of [value].flat()) search.append(p.name, item);
    });
    if (extra) search.append(extra[0], extra[1]);
    const query = search.toString();
    const headers: Record<string, string> = body.contentType ? { 'content-type': body.contentType } : {};
    return { url: query ? `${url}?${query}` : url, headers, payload: body.payload };
  });
}

describe.each(testDatabases())('generated bad input on every route on $name', (target) => {
  let app: FastifyInstance;
  let operations: Operation[] = [];
  const callers: Record<string, Record<string, string>> = { 'signed out': {} };

  useTestApp(target, (built) => (app = built));
  beforeAll(async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Operation['params']; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      })),
    );
    const user = await register(app);
    callers.user = { authorization: `Bearer ${(await login(app, user.username)).accessToken}` };
    callers.admin = bearer(app, { sub: testAdminId(app), role: 'admin' });
  }, 120_000);

  it(`answers up to ${RUNS} hostile requests per route and caller without a 5xx or a leak (seed ${SEED})`, async () => {
    expect(operations.length).toBeGreaterThan(20);
    const failures: string[] = [];
    let sent = 0;
    let serverErrors = 0;
    // Round-robin over every (route, caller), so that a slow machine trims runs evenly, never a route.
    const plans = operations.flatMap((op, i) =>
      Object.entries(callers).map(([who, auth], j) => ({ op, who, auth, requests: requestFor(op), seed: SEED + i * 7 + j })),
    );
    const started = Date.now();
    for (let round = 0; round < RUNS && (round < MIN_ROUNDS || Date.now() - started < BUDGET_MS); round++) {
      for (const { op, who, auth, requests, seed } of plans) {
        // Drawn one at a time: all rounds drawn up front (huge strings for every route) filled the heap.
        const [generated] = fc.sample(requests, { numRuns: 1, seed: seed + round * 104_729 });
        if (!generated) throw new Error('fast-check drew no request');
        sent++;
        const res = await app.inject({
          method: op.method as 'GET',
          url: generated.url,
          headers: { ...generated.headers, ...auth },
          payload: generated.payload,
          // A fresh address each time: per-address rate limits must not hide the routes behind 429.
          remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
        });
        const problem =
          res.statusCode >= 500
            ? `answered ${res.statusCode}`
            : LEAKS.test(withoutStyles(res.body)) && !(res.statusCode < 300 && /xml|javascript|text\/plain/.test(String(res.headers['content-type'])))
              ? 'leaked internals'
              : // Pages for people (the booking links in e-mails) answer in HTML; every other answer is the error shape.
                res.statusCode >= 400 && !/text\/html/.test(String(res.headers['content-type'])) && !hasErrorShape(res.body)
                ? 'left the error shape'
                : undefined;
        if (res.statusCode >= 500) serverErrors++;
        if (problem && failures.length < 20) {
          failures.push(`${problem}: ${who} ${op.method} ${generated.url.slice(0, 200)} ${JSON.stringify(generated.payload)?.slice(0, 200)} → ${res.body.slice(0, 300)}`);
        }
      }
    }
    console.log(`bad-input on ${target.name}: ${sent} requests over ${operations.length} operations, ${serverErrors} answered 5xx (seed ${SEED})`);
    expect(failures).toEqual([]);
  }, 300_000);
});
