import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { MediaConfig, UploadResult } from '@site/shared/contracts/content-fields';
import { HttpError } from '../../plugins/errors';
import { MAX_UPLOAD_MB } from '@site/shared/contracts/media-upload';
import { parseCid } from './cid';
import { MAX_UPLOAD_BYTES, parseRange, uploadMedia } from './service';

/**
 * The "image" part of a multipart upload. A body the multipart parser cannot read (no or wrong
 * boundary, truncated, garbage) is the client's fault: 400, never 500. Limits keep their 413.
 */
async function readImagePart(request: FastifyRequest) {
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'image') throw new HttpError(400, 'validation_error', 'Send the file in the field "image".');
    return { part, bytes: await part.toBuffer() };
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof HttpError || (status !== undefined && status >= 400 && status < 500 && status !== 406)) throw error;
    throw new HttpError(400, 'invalid_multipart', 'The upload could not be read. Please send the file again as multipart/form-data.');
  }
}

/** Under /api: the upload call and where the front end reads media from. */
export const mediaApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, mediaStore: store } = app;
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, parts: 5, fields: 4 } });

  app.get(
    '/media/config',
    { schema: { tags: ['media'], summary: 'Where media are read by CID (always this site\'s /ipfs/)', response: { 200: MediaConfig } } },
    // Always the local store: an IPFS node gives large files another root CID, so a public
    // gateway would answer 404 for the CIDs this site hands out (decision 004).
    async () => ({ gateway_url: '/ipfs/' }),
  );

  app.post(
    '/ipfs/upload-image',
    {
      onRequest: app.requireAdmin,
      config: { multipartFields: { image: `The image or video, at most ${MAX_UPLOAD_MB} MB` } },
      schema: {
        tags: ['media'],
        security: [{ bearer: [] }],
        summary: `Upload an image or a video (multipart field "image", at most ${MAX_UPLOAD_MB} MB; admin)`,
        consumes: ['multipart/form-data'],
        response: {
          201: UploadResult,
          400: ApiErrorBody,
          401: ApiErrorBody,
          403: ApiErrorBody,
          // A file over the size limit, or an image over the pixel limit (a decompression bomb).
          413: ApiErrorBody,
          415: ApiErrorBody,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.');
      const { bytes } = await readImagePart(request);
      const stored = await uploadMedia(store, app.mediaImages, bytes, config.IPFS_API_URL, request.log);
      return reply
        .code(201)
        .send({ cid: stored.cid, content_type: stored.contentType, size: stored.size, width: stored.width, height: stored.height });
    },
  );
};

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/** At the site root: the embedded gateway, GET /ipfs/<cid>, with range support for video. */
export const mediaGatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = app.mediaStore;
  app.get(
    '/ipfs/:cid',
    {
      schema: {
        tags: ['media'],
        summary: 'A stored file by its CID (immutable; byte ranges supported)',
        // The file's own type (an image, a video, a PDF…); errors are JSON.
        produces: ['*/*'],
        params: z.strictObject({ cid: z.string().max(200) }),
        response: { 200: z.any(), 206: z.any(), 304: z.any(), 400: ApiErrorBody, 404: ApiErrorBody, 416: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const cid = parseCid(request.params.cid);
      if (!cid) throw new HttpError(400, 'invalid_cid', 'That is not a valid CID.');
      const media = await store.info(cid);
      if (!media) throw new HttpError(404, 'not_found', 'No such file.');
      const etag = `"${cid}"`;
      // The CID is the content: a cached copy under the same name is always current.
      if (etagMatches(request.headers['if-none-match'], etag)) {
        return reply.code(304).header('ETag', etag).header('Cache-Control', 'public, max-age=31536000, immutable').send();
      }
      // If-Range naming another version asks for the whole file (never the case for a CID, but per RFC 9110).
      const ifRange = request.headers['if-range'];
      const rangeHeader = ifRange === undefined || ifRange === etag ? request.headers.range : undefined;
      const range = parseRange(rangeHeader, media.size);
      if (range === 'invalid') {
        return reply
          .code(416)
          .header('Content-Range', `bytes */${media.size}`)
          .send({ error: 'range_not_satisfiable', message: 'That byte range is outside the file.' });
      }
      reply
        .header('Content-Type', media.contentType)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Accept-Ranges', 'bytes')
        .header('ETag', etag)
        // A stored file is never a page: nothing in it may run, even opened directly.
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
      if (!range) return reply.header('Content-Length', media.size).send(store.stream(cid));
      return reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${media.size}`)
        .header('Content-Length', range.end - range.start + 1)
        .send(store.stream(cid, range));
    },
  );
  // A CID longer than the router's parameter limit, or a deeper path, is no stored file either
  // (without this, the site's page wildcard would answer it with the HTML shell).
  app.get('/ipfs/*', { schema: { hide: true } }, async () => {
    throw new HttpError(404, 'not_found', 'No such file.');
  });
};
