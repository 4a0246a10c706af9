import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { CreateCalendarEventAnswer, CreateCalendarEventBody } from '@site/shared/contracts/orders';
import { noStore } from '../../lib/no-store';
import { HttpError } from '../../plugins/errors';

export const CALENDAR_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const { order_id: orderId, startDateTime: start } = request.body;
      if (!orderId && !start) throw new HttpError(400, 'validation_error', 'Name the booking: order_id or startDateTime.');
      // attendeeEmail, summary and description are read from the order, never from the request.
      return app.orders.inviteOwn(request.user.sub, { orderId, start });
    },
  );
};
