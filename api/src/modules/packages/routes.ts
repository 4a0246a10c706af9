import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import {
  Package,
  PackageAdminSearchQuery,
  PackageCreateBody,
  PackageIdParams,
  PackageList,
  PackagePublicSearchQuery,
  PackageUpdateBody,
} from '@site/shared/contracts/packages';
import { CONTENT_ERROR_RESPONSES } from '../../plugins/errors';

const errors = CONTENT_ERROR_RESPONSES;
const tags = ['packages'];
const admin = [{ bearer: [] }];

export const packageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every write forgets the cached public answers made of packages (searches, sitemap).
  const changed = async <T>(result: Promise<T>): Promise<T> => {
    const value = await result;
    // Events too: their public packages_ids list the active packages.
    await app.publicCache.invalidate('packages', 'events');
    return value;
  };

  app.get(
    '/packages/public/search',
    {
      schema: {
        tags,
        summary: 'Search active packages by slug, id, package_type or event_id',
        querystring: PackagePublicSearchQuery,
        response: { 200: PackageList, 400: ApiErrorBody },
      },
      ...app.publicCache.route({ tags: ['packages'] }),
    },
    async (request) => app.packages.search(request.query.field, request.query.value, false),
  );

  app.get(
    '/packages/search',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: admin,
        summary: 'Search all packages by is_active, package_type, slug, id or event_id (admin)',
        querystring: PackageAdminSearchQuery,
        response: { 200: PackageList, 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody },
      },
    },
    async (request) => app.packages.search(request.query.field, request.query.value, true),
  );

  app.post(
    '/packages',
    {
      onRequest: app.requireAdmin,
      schema: { tags, security: admin, summary: 'Create a package (admin)', body: PackageCreateBody, response: { 201: Package, ...errors } },
    },
    async (request, reply) => {
      const created = app.audit.audited(
        request,
        (tx) => app.packages.create(tx, request.body),
        (pkg) => ({ action: 'create', entity: 'package', entityId: pkg.id, label: pkg.name }),
      );
      return reply.code(201).send(await changed(created));
    },
  );

  app.put(
    '/packages/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: admin,
        summary: 'Update a package (admin)',
        params: PackageIdParams,
        body: PackageUpdateBody,
        response: { 200: Package, ...errors },
      },
    },
    async (request) =>
      changed(
      app.audit.audited(
        request,
        (tx) => app.packages.update(tx, request.params.id, request.body),
        (pkg) => ({ action: 'update', entity: 'package', entityId: pkg.id, label: pkg.name }),
      )
      ),
  );

  for (const [action, isActive] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.put(
      `/packages/:id/${action}`,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags,
          security: admin,
          summary: `${action === 'deactivate' ? 'Deactivate' : 'Reactivate'} a package (admin)`,
          params: PackageIdParams,
          response: { 200: Package, ...errors },
        },
      },
      async (request) =>
      changed(
        app.audit.audited(
          request,
          (tx) => app.packages.setActive(tx, request.params.id, isActive),
          (pkg) => ({ action, entity: 'package', entityId: pkg.id, label: pkg.name }),
        )
      ),
    );
  }
};
