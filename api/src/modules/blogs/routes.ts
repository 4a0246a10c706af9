import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { site } from '@site/shared/site-config';
import type { AuditAction } from '@site/shared/contracts/admin';
import {
  Blog,
  BlogArchiveBody,
  BlogCreateBody,
  BlogIdParams,
  BlogList,
  BlogSearchQuery,
  BlogUpdateBody,
} from '@site/shared/contracts/blogs';
import type { Db } from '../../db/database';
import { isAdminViewer } from '../../lib/viewer';
import { publicOrigin } from '../../lib/origin';
import { setOriginDocumentCaching } from '../../lib/origin-cache';
import { mediaTypeResolver, withMediaType, withMediaTypes, type BlogRecord } from './media-type';
import { schedulePublication } from './publication';
import { renderBlogFeed } from './rss';
import { CONTENT_ERROR_RESPONSES } from '../../plugins/errors';

const errors = CONTENT_ERROR_RESPONSES;
/** A reader opens a few posts a minute; the beacon is a public write all the same. */
export const VIEW_RATE_LIMIT = { max: 60, timeWindow: '10 minutes' } as const;
const tags = ['blogs'];
const admin = [{ bearer: [] }];

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const mediaType = mediaTypeResolver(app.mediaStore, app.mediaImages);
  const one = async (blog: Promise<BlogRecord>) => withMediaType(await blog, mediaType);
  const many = async (blogs: Promise<BlogRecord[]>) => withMediaTypes(await blogs, mediaType);
  // Every write forgets the cached public answers made of blogs (listings, feed, sitemap).
  const changed = async <T>(result: Promise<T>): Promise<T> => {
    const value = await result;
    await app.publicCache.invalidate('blogs');
    return value;
  };
  // One post written with its audit entry (and, dated ahead, its publication job); the answer carries its media type.
  const writeOne = (request: FastifyRequest, work: (tx: Db) => Promise<BlogRecord>, action: AuditAction) =>
    changed(
      one(
        app.audit.audited(
          request,
          async (tx) => {
            const blog = await work(tx);
            await schedulePublication(app, tx, blog);
            return blog;
          },
          (blog) => ({ action, entity: 'blog', entityId: blog.id, label: blog.title }),
        ),
      ),
    );

  app.get(
    '/blogs/search',
    {
      schema: {
        tags,
        summary: 'Search blog posts by status or slug (the public sees published posts)',
        querystring: BlogSearchQuery,
        response: { 200: BlogList, 400: ApiErrorBody },
      },
      ...app.publicCache.route({ tags: ['blogs'], variesForAdmins: true }),
    },
    async (request) => many(app.blogs.search(request.query.field, request.query.value, await isAdminViewer(request))),
  );

  // The post's page sends this once per page view (a beacon), so a page served from a cache still
  // counts; each visitor (address) counts once a day.
  app.post(
    '/blogs/:id/views',
    {
      config: { rateLimit: VIEW_RATE_LIMIT },
      schema: { tags, summary: 'Count a view of a published post (once per visitor and day)', params: BlogIdParams, response: { 204: z.null(), 400: ApiErrorBody, 429: ApiErrorBody } },
    },
    async (request, reply) => {
      await app.blogs.countView(request.params.id, { ip: request.ip });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/blogs/rss.xml',
    {
      schema: {
        tags,
        summary: 'Published posts as an RSS 2.0 feed',
        produces: ['application/rss+xml'],
        response: { 200: z.string() },
      },
      ...app.publicCache.route({ tags: ['blogs'] }),
    },
    async (request, reply) => {
      const origin = publicOrigin(config, request);
      const xml = renderBlogFeed(await app.blogs.feed(), {
        origin,
        siteName: site.name,
        description: `Articles from the ${site.name} community.`,
      });
      return setOriginDocumentCaching(reply.type('application/rss+xml; charset=utf-8'), config, 300).send(xml);
    },
  );

  app.post(
    '/blogs',
    {
      onRequest: app.requireAdmin,
      schema: { tags, security: admin, summary: 'Create a blog post (admin)', body: BlogCreateBody, response: { 201: Blog, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await writeOne(request, (tx) => app.blogs.create(tx, request.user.sub, request.body), 'create')),
  );

  // Registered before /blogs/:id so "archive" is never read as an id.
  app.put(
    '/blogs/archive',
    {
      onRequest: app.requireAdmin,
      schema: { tags, security: admin, summary: 'Archive blog posts (admin)', body: BlogArchiveBody, response: { 200: BlogList, ...errors } },
    },
    async (request) =>
      changed(
        many(
          app.audit.audited(
            request,
            (tx) => app.blogs.archive(tx, request.body.ids),
            (archived) => archived.map((blog) => ({ action: 'archive', entity: 'blog', entityId: blog.id, label: blog.title })),
          ),
        ),
      ),
  );

  app.put(
    '/blogs/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: admin,
        summary: 'Update a blog post (admin)',
        params: BlogIdParams,
        body: BlogUpdateBody,
        response: { 200: Blog, ...errors },
      },
    },
    async (request) =>
      writeOne(
        request,
        (tx) => app.blogs.update(tx, request.params.id, request.body),
        request.body.status === 'archived' ? 'archive' : 'update',
      ),
  );

  app.put(
    '/blogs/:id/reactivate',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: admin,
        summary: 'Reactivate an archived or deleted blog post (admin)',
        params: BlogIdParams,
        response: { 200: Blog, ...errors },
      },
    },
    async (request) => writeOne(request, (tx) => app.blogs.reactivate(tx, request.params.id), 'reactivate'),
  );
};
