import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminBlogPage,
  AdminBlogQuery,
  AdminEventPage,
  AdminEventQuery,
  AdminPackagePage,
  AdminPackageQuery,
  AdminStats,
  AdminUserList,
  ContactMessagePage,
  PageQuery,
  SubscriberPage,
  SubscriberQuery,
  SubscriberStatus,
  SubscriberCounts,
  type ContactMessageItem,
  type SubscriberItem,
} from '@site/shared/contracts/admin';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { istCell, istHeader, sendCsv, type CsvColumn } from '../../lib/csv';
import { noStore } from '../../lib/no-store';
import { mediaTypeResolver, withMediaTypes } from '../blogs/media-type';

const tags = ['admin'];
const security = [{ bearer: [] }];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody };
const csvResponse = { 200: z.string().describe('CSV (UTF-8 with BOM), as an attachment'), ...errors };

const MESSAGE_COLUMNS: CsvColumn<ContactMessageItem>[] = [
  { header: istHeader('Received'), value: (m) => istCell(m.created_at) },
  { header: 'Name', value: (m) => m.name },
  { header: 'Email', value: (m) => m.email },
  { header: 'Phone', value: (m) => [m.country_code, m.phone_number].filter(Boolean).join(' ') },
  { header: 'Subject', value: (m) => m.subject },
  { header: 'Message', value: (m) => m.message },
];

const SUBSCRIBER_COLUMNS: CsvColumn<SubscriberItem>[] = [
  { header: 'Email', value: (s) => s.email },
  { header: 'Status', value: (s) => s.status },
  { header: istHeader('Subscribed'), value: (s) => istCell(s.subscribed_at) },
  { header: istHeader('Confirmed'), value: (s) => istCell(s.confirmed_at) },
  { header: istHeader('Unsubscribed'), value: (s) => istCell(s.unsubscribed_at) },
];

/** The admin area's reads: dashboard counts, paged lists filtered in SQL, CSV exports. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const mediaType = mediaTypeResolver(app.mediaStore, app.mediaImages);
  // Every route here is admin-only and never cached.
  const onRequest = [noStore, app.requireAdmin];

  app.get(
    '/admin/stats',
    { onRequest, schema: { tags, security, summary: 'Dashboard counts (admin)', response: { 200: AdminStats, ...errors } } },
    async () => {
      const [totalUsers, blogPosts, events] = await Promise.all([app.users.count(), app.blogs.count(), app.events.count()]);
      // Careers are not built yet: no job positions exist.
      return { total_users: totalUsers, blog_posts: blogPosts, events, job_positions: 0 };
    },
  );

  app.get(
    '/admin/blogs',
    {
      onRequest,
      schema: { tags, security, summary: 'Blog posts, paged, by status (admin)', querystring: AdminBlogQuery, response: { 200: AdminBlogPage, ...errors } },
    },
    async (request) => {
      const page = await app.blogs.page(request.query);
      return { ...page, items: await withMediaTypes(page.items, mediaType) };
    },
  );

  app.get(
    '/admin/events',
    {
      onRequest,
      schema: { tags, security, summary: 'Events, paged, by status (admin)', querystring: AdminEventQuery, response: { 200: AdminEventPage, ...errors } },
    },
    async (request) => app.events.page(request.query),
  );

  app.get(
    '/admin/packages',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Packages, paged, by active state and type (admin)',
        querystring: AdminPackageQuery,
        response: { 200: AdminPackagePage, ...errors },
      },
    },
    async (request) => app.packages.page(request.query),
  );

  app.get(
    '/admin/messages',
    {
      onRequest,
      schema: { tags, security, summary: 'Contact form messages, paged, newest first (admin)', querystring: PageQuery, response: { 200: ContactMessagePage, ...errors } },
    },
    async (request) => app.contacts.page(request.query),
  );

  app.get(
    '/admin/messages/export.csv',
    {
      onRequest,
      schema: { tags, security, summary: 'Every contact message as a CSV download (admin)', produces: ['text/csv'], querystring: z.strictObject({}), response: csvResponse },
    },
    async (_request, reply) => sendCsv(reply, 'messages', app.contacts.all(), MESSAGE_COLUMNS),
  );

  app.get(
    '/admin/subscribers',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Newsletter subscribers, paged, newest first; unsubscribed ones included unless filtered (admin)',
        querystring: SubscriberQuery,
        response: { 200: SubscriberPage, ...errors },
      },
    },
    async (request) => app.newsletters.page(request.query),
  );

  app.get(
    '/admin/subscribers/counts',
    {
      onRequest,
      schema: { tags, security, summary: 'How many newsletter addresses are pending, confirmed and unsubscribed (admin)', response: { 200: SubscriberCounts, ...errors } },
    },
    async () => app.newsletters.counts(),
  );

  app.get(
    '/admin/subscribers/export.csv',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Newsletter subscribers as a CSV download (admin)',
        produces: ['text/csv'],
        querystring: z.strictObject({ status: SubscriberStatus.optional() }),
        response: csvResponse,
      },
    },
    async (request, reply) => sendCsv(reply, 'subscribers', app.newsletters.all(request.query.status), SUBSCRIBER_COLUMNS),
  );

  app.get(
    '/admin/admins',
    { onRequest, schema: { tags, security, summary: 'The admin accounts, read-only (admin)', response: { 200: AdminUserList, ...errors } } },
    async () => ({
      items: (await app.users.listAdmins()).map((user) => ({
        id: user.id,
        username: user.username,
        email: user.email,
        role: user.role,
        created_at: user.createdAt.toISOString(),
      })),
    }),
  );
};
