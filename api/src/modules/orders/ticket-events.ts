import type { FastifyInstance } from 'fastify';
import { eventPath } from '@site/shared/site-config';
import type { OrderEvent } from '@site/shared/contracts/orders';
import type { Db } from '../../db/database';
import type { OrderRow } from './table';

/**
 * The events of event tickets, by package id: what an order's card, its confirmation and its
 * e-mail say about when and where. Looked up through the package, so a ticket follows its event's
 * changes; one lookup per package, however many orders it has.
 */
export function createTicketEvents(app: FastifyInstance) {
  return async function ticketEvents(rows: readonly OrderRow[], executor?: Db): Promise<Map<string, OrderEvent>> {
    const events = new Map<string, OrderEvent>();
    for (const packageId of new Set(rows.filter((row) => row.kind === 'package').map((row) => row.packageId))) {
      const pkg = await app.packages.findById(packageId, executor);
      const event = pkg?.event_id ? await app.events.findRecord(pkg.event_id, executor) : undefined;
      if (!event) continue;
      events.set(packageId, {
        title: event.title,
        start_time: event.start_time,
        end_time: event.end_time,
        location: event.location,
        url: eventPath(event.slug),
      });
    }
    return events;
  };
}

export type TicketEvents = ReturnType<typeof createTicketEvents>;
