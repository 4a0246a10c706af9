import type { z } from 'zod';
import { EventStatus, type Event, type EventCreateBody, type EventSearchField, type EventUpdateBody } from '@site/shared/contracts/events';
import { IdSchema } from '@site/shared/contracts/common';
import type { Db } from '../../db/database';
import { slugGuard } from '../../lib/slug-guard';
import { HttpError } from '../../plugins/errors';
import { eventRepository, type EventPatch } from './repository';
import type { EventRow } from './table';
import { servicePlugin } from '../../lib/service-plugin';
import { offsetOf, pageOf, slugEntries } from '../../lib/paging';

/** An event without its package list (which the packages module holds). */
export type EventRecord = Omit<Event, 'packages_ids'>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const dateOrNull = (value: string | null | undefined) => (value ? new Date(value) : null);

function toEventRecord(row: EventRow): EventRecord {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    location: row.location,
    start_time: row.startTime.toISOString(),
    end_time: iso(row.endTime),
    registration_deadline: iso(row.registrationDeadline),
    payment_required: row.paymentRequired,
    status: row.status,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const guardSlug = slugGuard('An event with this slug already exists.');

/** Which packages link to each event (answered by the packages module, which holds the link). */
export type PackageLinks = (eventIds: string[], options: { activeOnly: boolean; db?: Db }) => Promise<Map<string, string[]>>;

export function createEventsService(db: Db, packageLinks: PackageLinks) {
  /** Events as the caller may see them: the public is not shown inactive packages in packages_ids. */
  async function present(rows: EventRow[], admin: boolean, executor: Db = db): Promise<Event[]> {
    const links = await packageLinks(rows.map((row) => row.id), { activeOnly: !admin, db: executor });
    return rows.map((row) => ({ ...toEventRecord(row), packages_ids: links.get(row.id) ?? [] }));
  }
  const presentOne = async (row: EventRow, executor: Db) => (await present([row], true, executor))[0]!;

  async function list(status: Event['status'] | undefined, admin: boolean): Promise<Event[]> {
    if (!admin && status && status !== 'published') return [];
    return present(await eventRepository.list(db, { status: admin ? status : 'published' }), admin);
  }

  return {
    async create(tx: Db, createdBy: string, body: z.output<typeof EventCreateBody>): Promise<Event> {
      const row = await guardSlug(() =>
        eventRepository.insert(tx, {
          title: body.title,
          slug: body.slug,
          description: body.description,
          location: body.location,
          startTime: new Date(body.start_time),
          endTime: dateOrNull(body.end_time),
          registrationDeadline: dateOrNull(body.registration_deadline),
          paymentRequired: body.payment_required,
          status: body.status,
          createdBy,
        }),
      );
      return presentOne(row, tx);
    },

    async update(tx: Db, id: string, body: EventUpdateBody): Promise<Event> {
      const existing = await eventRepository.findById(tx, id);
      if (!existing) throw new HttpError(404, 'not_found', 'Event not found.');
      const patch: EventPatch = {};
      if (body.title !== undefined) patch.title = body.title;
      if (body.slug !== undefined) patch.slug = body.slug;
      if (body.description !== undefined) patch.description = body.description;
      if (body.location !== undefined) patch.location = body.location;
      if (body.start_time !== undefined) patch.startTime = new Date(body.start_time);
      if (body.end_time !== undefined) patch.endTime = dateOrNull(body.end_time);
      if (body.registration_deadline !== undefined) patch.registrationDeadline = dateOrNull(body.registration_deadline);
      if (body.payment_required !== undefined) patch.paymentRequired = body.payment_required;
      if (body.status !== undefined) patch.status = body.status;
      const start = patch.startTime ?? existing.startTime;
      const end = patch.endTime === undefined ? existing.endTime : patch.endTime;
      if (end && end < start) throw new HttpError(400, 'validation_error', 'end_time must not be before start_time.');
      const row = await guardSlug(() => eventRepository.update(tx, id, patch));
      return presentOne(row!, tx);
    },

    /** GET /events: the public sees published events only, whatever status it asks for. */
    list,

    async search(field: z.infer<typeof EventSearchField>, value: string, admin: boolean): Promise<Event[]> {
      const visible = admin ? undefined : ('published' as const);
      if (field === 'status') {
        const status = EventStatus.safeParse(value);
        if (!status.success) throw new HttpError(400, 'validation_error', 'status must be draft, published, cancelled or completed.');
        return list(status.data, admin);
      }
      if (field === 'id' && !IdSchema.safeParse(value).success) throw new HttpError(400, 'validation_error', 'id must be a UUID.');
      const rows = await eventRepository.list(db, field === 'id' ? { status: visible, id: value } : { status: visible, slug: value });
      return present(rows, admin);
    },

    /** The admin list: one page, filtered by status in SQL. */
    async page(query: {
      status?: Event['status'] | undefined;
      page: number;
      page_size: number;
    }): Promise<{ items: Event[]; total: number; page: number; page_size: number }> {
      const { rows, total } = await eventRepository.page(db, query.status, query.page_size, offsetOf(query));
      return pageOf({ rows: await present(rows, true), total }, query, (event) => event);
    },

    count: (): Promise<number> => eventRepository.count(db),

    /** An event a package may link to or an order may book (`executor`: the caller's transaction). */
    async findPublished(id: string, executor: Db = db): Promise<EventRecord | undefined> {
      const row = await eventRepository.findById(executor, id);
      return row && row.status === 'published' ? toEventRecord(row) : undefined;
    },

    /** An event whatever its status: a ticket bought for it still says when and where it is. */
    async findRecord(id: string, executor: Db = db): Promise<EventRecord | undefined> {
      const row = await eventRepository.findById(executor, id);
      return row ? toEventRecord(row) : undefined;
    },

    /** Ids of the published events (public packages of an event are those of a published one). */
    async publishedIds(executor: Db = db): Promise<string[]> {
      return (await eventRepository.list(executor, { status: 'published' })).map((row) => row.id);
    },

    /** For the sitemap: slugs of published events. */
    async publicSlugs(): Promise<{ slug: string; updated_at: string }[]> {
      return slugEntries(await eventRepository.list(db, { status: 'published' }));
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;

declare module 'fastify' {
  interface FastifyInstance {
    events: EventsService;
  }
}

/**
 * Events. Their package lists come from the packages service, asked at call time: packages in
 * turn ask events which are published, so neither can be built before the other.
 */
export const eventsPlugin = servicePlugin('events', (app) => createEventsService(app.database.db, (ids, options) => app.packages.linksOf(ids, options)));
