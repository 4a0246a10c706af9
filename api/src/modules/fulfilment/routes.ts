import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { AdminOrder, CreateCalendarEventAnswer, CreateCalendarEventBody, MeetingUrlBody, OrderIdParams } from '@site/shared/contracts/orders';
import { noStore } from '../../lib/no-store';
import { HttpError } from '../../plugins/errors';

export const CALENDAR_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;

/** A booking's calendar invitation: asked for by the booking flow, or fetched as an .ics file. */
export const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/calendar/create-event',
    {
      onRequest: [noStore, app.requireUser],
      config: { rateLimit: CALENDAR_RATE_LIMIT },
      schema: {
        tags: ['calendar'],
        security: [{ bearer: [] }],
        summary:
          "The calendar invitation of the caller's own paid consultation (order_id, or the booked startDateTime); at most one per order, always to the booking's attendee",
        body: CreateCalendarEventBody,
        response: { 200: CreateCalendarEventAnswer, 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request) => {
      const { order_id: orderId, startDateTime } = request.body;
      if (!orderId && !startDateTime) throw new HttpError(400, 'validation_error', 'Name the booking: order_id or startDateTime.');
      // attendeeEmail, summary and description are read from the order, never from the request.
      const userId = request.user.sub;
      if (orderId) return app.fulfilment.invite(await app.orders.findOwn(userId, orderId));
      const start = Date.parse(startDateTime!);
      const booked = (await app.orders.listForUser(userId)).find(
        (order) => order.kind === 'consultation' && order.status === 'paid' && order.startTime?.getTime() === start,
      );
      return app.fulfilment.invite(booked);
    },
  );

  app.get(
    '/orders/:id/invite.ics',
    {
      schema: {
        tags: ['orders'],
        summary: 'The calendar invitation of a paid consultation: the signed link, or the buyer with a bearer token',
        // Either will do: the link's signed token, or the buyer's own session.
        security: [{ signedLink: [] }, { bearer: [] }],
        produces: ['text/calendar'],
        params: OrderIdParams,
        querystring: z.strictObject({ token: z.string().max(200).optional() }),
        response: { 200: z.string(), 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      let row;
      if (request.query.token !== undefined) row = await app.orders.findByLink(id, 'ics', request.query.token);
      else {
        await app.requireUser(request, reply);
        row = await app.orders.findOwn(request.user.sub, id);
      }
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="invite.ics"')
        .header('cache-control', 'private, no-store')
        .send(app.fulfilment.icsFor(row));
    },
  );

  app.put(
    '/admin/orders/:id/meeting-link',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        summary: "Replace a booking's meeting link with the admin's own; never one another booking has (admin; audited)",
        params: OrderIdParams,
        body: MeetingUrlBody,
        response: { 200: AdminOrder, 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request) => {
      const row = await app.orders.findById(request.params.id);
      if (!row) throw new HttpError(404, 'not_found', 'Booking not found.');
      const updated = await app.audit.audited(
        request,
        (tx) => app.fulfilment.replaceMeetingUrl(tx, row, request.body.meeting_url),
        (changed) => ({ action: 'update', entity: 'order', entityId: changed.id, label: `Meeting link: ${changed.meetingUrl}` }),
      );
      return (await app.orders.toAdminOrders([updated]))[0]!;
    },
  );

};
