import type { z } from 'zod';
import { EventStatus, type Event, type EventCreateBody, type EventSearchField, type EventUpdateBody } from '@site/shared/contracts/events';
import { IdSchema } from '@site/shared/contracts/common';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { HttpError } from '../../plugins/errors';
import { eventRepository, type EventPatch } from './repository';
import type { EventRow } from './table';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const dateOrNull = (value: string | null | undefined) => (value ? new Date(value) : null);

export function toEvent(row: EventRow): Event {
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
    packages_ids: row.packagesIds,
  };
}

async function guardSlug<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'slug_taken', 'An event with this slug already exists.');
    throw error;
  }
}

export async function createEvent(db: Db, createdBy: string, body: z.output<typeof EventCreateBody>): Promise<Event> {
  const row = await guardSlug(() =>
    eventRepository.insert(db, {
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
  return toEvent(row);
}

export async function updateEvent(db: Db, id: string, body: EventUpdateBody): Promise<Event> {
  const existing = await eventRepository.findById(db, id);
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
  const row = await guardSlug(() => eventRepository.update(db, id, patch));
  return toEvent(row!);
}

/** Events as the caller may see them: the public is not shown inactive packages in packages_ids. */
async function present(db: Db, rows: EventRow[], admin: boolean): Promise<Event[]> {
  const events = rows.map(toEvent);
  if (admin) return events;
  const active = await eventRepository.activePackageIds(db, [...new Set(events.flatMap((event) => event.packages_ids))]);
  return events.map((event) => ({ ...event, packages_ids: event.packages_ids.filter((id) => active.has(id)) }));
}

/** GET /events: the public sees published events only, whatever status it asks for. */
/** The admin list: one page, filtered by status in SQL. */
export async function pageEvents(
  db: Db,
  query: { status?: Event['status'] | undefined; page: number; page_size: number },
): Promise<{ items: Event[]; total: number; page: number; page_size: number }> {
  const { rows, total } = await eventRepository.page(db, query.status, query.page_size, (query.page - 1) * query.page_size);
  return { items: rows.map(toEvent), total, page: query.page, page_size: query.page_size };
}

export const countEvents = (db: Db): Promise<number> => eventRepository.count(db);

export async function listEvents(db: Db, status: Event['status'] | undefined, admin: boolean): Promise<Event[]> {
  if (!admin && status && status !== 'published') return [];
  return present(db, await eventRepository.list(db, { status: admin ? status : 'published' }), admin);
}

export async function searchEvents(
  db: Db,
  field: z.infer<typeof EventSearchField>,
  value: string,
  admin: boolean,
): Promise<Event[]> {
  const visible = admin ? undefined : ('published' as const);
  if (field === 'status') {
    const status = EventStatus.safeParse(value);
    if (!status.success) throw new HttpError(400, 'validation_error', 'status must be draft, published, cancelled or completed.');
    return listEvents(db, status.data, admin);
  }
  if (field === 'id' && !IdSchema.safeParse(value).success) throw new HttpError(400, 'validation_error', 'id must be a UUID.');
  const rows = await eventRepository.list(db, field === 'id' ? { status: visible, id: value } : { status: visible, slug: value });
  return present(db, rows, admin);
}

/** For the packages module: an event a package may link to. */
export async function findPublishedEvent(db: Db, id: string): Promise<Event | undefined> {
  const row = await eventRepository.findById(db, id);
  return row && row.status === 'published' ? toEvent(row) : undefined;
}

/** Keeps events.packages_ids in step with packages.event_id (called by the packages module). */
export async function movePackageLink(db: Db, packageId: string, from: string | null, to: string | null): Promise<void> {
  if (from && from !== to) await eventRepository.removePackage(db, from, packageId);
  if (to) await eventRepository.addPackage(db, to, packageId);
}

/** For the sitemap: slugs of published events. */
export async function listPublicEventSlugs(db: Db): Promise<{ slug: string; updated_at: string }[]> {
  return (await eventRepository.list(db, { status: 'published' })).map((row) => ({
    slug: row.slug,
    updated_at: row.updatedAt.toISOString(),
  }));
}
