import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import {
  Availability,
  AvailabilityBody,
  CalendarFeed,
  CalendarFeedBody,
  CalendarFeedIdParams,
  CalendarFeeds,
  DateOverride,
  DateOverrideBody,
  OverrideDateParams,
  SlotsAnswer,
  SlotsQuery,
} from '@site/shared/contracts/availability';
import { noStore } from '../../lib/no-store';
import { CONTENT_ERROR_RESPONSES } from '../../plugins/errors';

const tags = ['availability'];
const admin = [{ bearer: [] }];

export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bookings/slots',
    {
      schema: {
        tags,
        summary: 'Free start times of a consultation package between two IST dates (at most 62 days): the only times a booking or a move accepts',
        querystring: SlotsQuery,
        response: { 200: SlotsAnswer, 400: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const { package_id, from, to } = request.query;
      return { slots: await app.availability.slotsOf(package_id, from, to) };
    },
  );

  const adminRoute = { onRequest: [noStore, app.requireAdmin] };

  app.get(
    '/admin/availability',
    {
      ...adminRoute,
      schema: { tags, security: admin, summary: 'Working hours, booking rules and the date overrides from today on (admin)', response: { 200: Availability, ...CONTENT_ERROR_RESPONSES } },
    },
    async () => app.availability.get(),
  );

  app.put(
    '/admin/availability',
    {
      ...adminRoute,
      schema: {
        tags,
        security: admin,
        summary: 'Set the weekly working hours and the booking rules (admin; audited)',
        body: AvailabilityBody,
        response: { 200: Availability, ...CONTENT_ERROR_RESPONSES },
      },
    },
    async (request) => {
      await app.audit.audited(
        request,
        (tx) => app.availability.put(tx, request.body),
        () => ({ action: 'update', entity: 'availability', entityId: 'week', label: 'Working hours and booking rules' }),
      );
      return app.availability.get();
    },
  );

  app.put(
    '/admin/availability/overrides/:date',
    {
      ...adminRoute,
      schema: {
        tags,
        security: admin,
        summary: 'Set one date off, or other hours on it (admin; audited)',
        params: OverrideDateParams,
        body: DateOverrideBody,
        response: { 200: DateOverride, ...CONTENT_ERROR_RESPONSES },
      },
    },
    async (request) =>
      app.audit.audited(
        request,
        (tx) => app.availability.putOverride(tx, { ...request.body, date: request.params.date }),
        (saved) => ({
          action: 'update',
          entity: 'availability',
          entityId: saved.date,
          label: saved.off ? `${saved.date}: day off` : `${saved.date}: ${saved.first_start}–${saved.last_start}`,
        }),
      ),
  );

  app.delete(
    '/admin/availability/overrides/:date',
    {
      ...adminRoute,
      schema: {
        tags,
        security: admin,
        summary: "Remove a date's override: its weekday's hours apply again (admin; audited)",
        params: OverrideDateParams,
        response: { 204: z.null(), ...CONTENT_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await app.audit.audited(
        request,
        (tx) => app.availability.deleteOverride(tx, request.params.date),
        () => ({ action: 'delete', entity: 'availability', entityId: request.params.date, label: `${request.params.date}: override removed` }),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/availability/feeds',
    {
      ...adminRoute,
      schema: {
        tags,
        security: admin,
        summary: "The consultant's calendar feeds (never their secret addresses) and the secret address of the bookings' own feed (admin)",
        response: { 200: CalendarFeeds, ...CONTENT_ERROR_RESPONSES },
      },
    },
    async () => app.availability.feeds.list(),
  );

  app.post(
    '/admin/availability/feeds',
    {
      ...adminRoute,
      schema: {
        tags,
        security: admin,
        summary: "Add a secret iCalendar address of the consultant's own calendar; fetched at once, then every few minutes (admin; audited)",
        body: CalendarFeedBody,
        response: { 201: CalendarFeed, ...CONTENT_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const feed = await app.availability.feeds.add(request.body.label, request.body.url);
      await app.audit.audited(
        request,
        async () => feed,
        () => ({ action: 'create', entity: 'availability', entityId: feed.id, label: `Calendar feed: ${feed.label}` }),
      );
      return reply.code(201).send(feed);
    },
  );

  app.post(
    '/admin/availability/feeds/:id/refresh',
    {
      ...adminRoute,
      schema: { tags, security: admin, summary: 'Fetch one calendar feed now (admin)', params: CalendarFeedIdParams, response: { 200: CalendarFeed, ...CONTENT_ERROR_RESPONSES } },
    },
    async (request) => app.availability.feeds.refreshOne(request.params.id),
  );

  app.delete(
    '/admin/availability/feeds/:id',
    {
      ...adminRoute,
      schema: {
        tags,
        security: admin,
        summary: 'Remove a calendar feed and its busy times (admin; audited)',
        params: CalendarFeedIdParams,
        response: { 204: z.null(), ...CONTENT_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await app.audit.audited(
        request,
        (tx) => app.availability.feeds.remove(tx, request.params.id),
        (removed) => ({ action: 'delete', entity: 'availability', entityId: removed.id, label: `Calendar feed: ${removed.label}` }),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/calendar/bookings.ics',
    {
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: "The consultancy's paid bookings as an iCalendar feed, for the consultant's calendar app to subscribe to (secret token)",
        produces: ['text/calendar'],
        querystring: z.strictObject({ token: z.string().max(200) }),
        response: { 200: z.string(), 400: ApiErrorBody, 404: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(await app.availability.feeds.bookingsFeed(request.query.token)),
  );
};
