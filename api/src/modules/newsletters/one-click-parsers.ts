import type { FastifyInstance } from 'fastify';

/** A one-click form is a field or two; anything bigger is not one. */
const FORM_LIMIT = 16 * 1024;

/**
 * Body parsers for RFC 8058 one-click posts, which mail providers send as
 * application/x-www-form-urlencoded or multipart/form-data (sometimes empty). Each becomes a plain
 * object of its text fields; the unsubscribe token travels in the query, not in the body.
 */
export function registerOneClickParsers(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: FORM_LIMIT }, (request, body, done) => {
    const buffer = body as Buffer;
    if (buffer.length === 0) return done(null, {});
    // The platform's own multipart reader (undici), through a Response that carries the boundary.
    new Response(new Uint8Array(buffer), { headers: { 'content-type': String(request.headers['content-type']) } })
      .formData()
      .then((form) => {
        const fields: Record<string, string> = {};
        form.forEach((value, key) => {
          if (typeof value === 'string') fields[key] = value;
        });
        done(null, fields);
      })
      .catch(() => done(Object.assign(new Error('The form body could not be read.'), { statusCode: 400 }), undefined));
  });
}
