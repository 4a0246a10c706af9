import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import {
  Event,
  EventCreateBody,
  EventIdParams,
  EventList,
  EventListQuery,
  EventSearchQuery,
  EventUpdateBody,
} from '@site/shared/contracts/events';
import { isAdminViewer } from '../../lib/viewer';
import { CONTENT_ERROR_RESPONSES } from '../../plugins/errors';

const errors = CONTENT_ERROR_RESPONSES;
const tags = ['events'];
const admin = [{ bearer: [] }];

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every write forgets the cached public answers made of events (listings, sitemap).
  const changed = async <T>(result: Promise<T>): Promise<T> => {
    const value = await result;
    // Packages too: an event's status decides whether its tickets are public.
    await app.publicCache.invalidate('events', 'packages');
    return value;
  };

  app.get(
    '/events',
    {
      schema: {
        tags,
        summary: 'List events by start time (the public sees published events only)',
        querystring: EventListQuery,
        response: { 200: EventList, 400: ApiErrorBody },
      },
      ...app.publicCache.route({ tags: ['events'], variesForAdmins: true }),
    },
    async (request) => app.events.list(request.query.status, await isAdminViewer(request)),
  );

  app.get(
    '/events/search',
    {
      schema: {
        tags,
        summary: 'Search events by slug, id or status (the public sees published events only)',
        querystring: EventSearchQuery,
        response: { 200: EventList, 400: ApiErrorBody },
      },
      ...app.publicCache.route({ tags: ['events'], variesForAdmins: true }),
    },
    async (request) => app.events.search(request.query.field, request.query.value, await isAdminViewer(request)),
  );

  app.post(
    '/events',
    {
      onRequest: app.requireAdmin,
      schema: { tags, security: admin, summary: 'Create an event (admin; draft unless a status is given)', body: EventCreateBody, response: { 201: Event, ...errors } },
    },
    async (request, reply) => {
      const event = app.audit.audited(
        request,
        (tx) => app.events.create(tx, request.user.sub, request.body),
        (created) => ({ action: 'create', entity: 'event', entityId: created.id, label: created.title }),
      );
      return reply.code(201).send(await changed(event));
    },
  );

  app.put(
    '/events/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: admin,
        summary: 'Update an event, e.g. its status (admin)',
        params: EventIdParams,
        body: EventUpdateBody,
        response: { 200: Event, ...errors },
      },
    },
    async (request) =>
      changed(
      app.audit.audited(
        request,
        (tx) => app.events.update(tx, request.params.id, request.body),
        (event) => ({ action: 'update', entity: 'event', entityId: event.id, label: event.title }),
      )
      ),
  );
};
