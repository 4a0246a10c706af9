import type { z } from 'zod';
import { IdSchema } from '@site/shared/contracts/common';
import {
  PackageType,
  packageRuleIssue,
  type Package,
  type PackageAdminSearchField,
  type PackageCreateBody,
  type PackageUpdateBody,
} from '@site/shared/contracts/packages';
import type { Db } from '../../db/database';
import { slugGuard } from '../../lib/slug-guard';
import { HttpError } from '../../plugins/errors';
import type { EventsService } from '../events/service';
import { packageRepository, type PackageFilter, type PackageInsert } from './repository';
import type { PackageRow } from './table';
import { servicePlugin } from '../../lib/service-plugin';
import { offsetOf, pageOf, slugEntries } from '../../lib/paging';

export function toPackage(row: PackageRow): Package {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    price: Number(row.price),
    duration_days: row.durationDays,
    is_active: row.isActive,
    package_type: row.packageType,
    event_id: row.eventId,
    capacity: row.capacity,
    package_registration_deadline: row.packageRegistrationDeadline?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

type Fields = Omit<PackageInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Applies spec section 5: event fields only on event packages, which need a published event. */
async function normalise(
  events: Pick<EventsService, 'findPublished'>,
  tx: Db,
  fields: Fields,
  linkedEventId: string | null = null,
): Promise<Fields> {
  const issue = packageRuleIssue({
    package_type: fields.packageType,
    duration_days: fields.durationDays,
    event_id: fields.eventId,
    capacity: fields.capacity,
  });
  if (issue) throw new HttpError(400, 'validation_error', issue.message);
  if (fields.packageType === 'subscription') {
    return { ...fields, eventId: null, capacity: null, packageRegistrationDeadline: null };
  }
  // An existing link stays valid if its event is later unpublished; a new link needs a published event.
  if (fields.eventId !== linkedEventId && !(await events.findPublished(fields.eventId!, tx))) {
    throw new HttpError(400, 'validation_error', 'An event package must link to an existing published event.');
  }
  return fields;
}

const guardSlug = slugGuard('A package with this slug already exists.');

const notFound = () => new HttpError(404, 'not_found', 'Package not found.');
const deadline = (value: string | null | undefined) => (value ? new Date(value) : null);

export function createPackagesService(db: Db, events: () => Pick<EventsService, 'findPublished' | 'publishedIds'>) {
  const publicFilter = async (executor: Db = db): Promise<PackageFilter> => ({ publishedEventIds: await events().publishedIds(executor) });

  return {
    async create(tx: Db, body: z.output<typeof PackageCreateBody>): Promise<Package> {
      const fields = await normalise(events(), tx, {
        name: body.name,
        slug: body.slug,
        description: body.description || null,
        price: body.price.toFixed(2),
        durationDays: body.duration_days ?? null,
        isActive: body.is_active,
        packageType: body.package_type,
        eventId: body.event_id ?? null,
        capacity: body.capacity ?? null,
        packageRegistrationDeadline: deadline(body.package_registration_deadline),
      });
      return toPackage(await guardSlug(() => packageRepository.insert(tx, fields)));
    },

    async update(tx: Db, id: string, body: PackageUpdateBody): Promise<Package> {
      const existing = await packageRepository.findById(tx, id);
      if (!existing) throw notFound();
      const has = (key: keyof PackageUpdateBody) => body[key] !== undefined;
      const fields = await normalise(
        events(),
        tx,
        {
          name: body.name ?? existing.name,
          slug: body.slug ?? existing.slug,
          description: has('description') ? body.description || null : existing.description,
          price: body.price !== undefined ? body.price.toFixed(2) : existing.price,
          durationDays: has('duration_days') ? (body.duration_days ?? null) : existing.durationDays,
          isActive: body.is_active ?? existing.isActive,
          packageType: body.package_type ?? existing.packageType,
          eventId: has('event_id') ? (body.event_id ?? null) : existing.eventId,
          capacity: has('capacity') ? (body.capacity ?? null) : existing.capacity,
          packageRegistrationDeadline: has('package_registration_deadline')
            ? deadline(body.package_registration_deadline)
            : existing.packageRegistrationDeadline,
        },
        existing.eventId,
      );
      const row = await guardSlug(() => packageRepository.update(tx, id, fields));
      return toPackage(row!);
    },

    async setActive(tx: Db, id: string, isActive: boolean): Promise<Package> {
      const row = await packageRepository.update(tx, id, { isActive });
      if (!row) throw notFound();
      return toPackage(row);
    },

    /**
     * Both searches: the public one sees active packages, and event packages only while their event
     * is published (nothing to list, find or buy for a draft or cancelled event); `is_active` is for admins.
     */
    async search(field: z.infer<typeof PackageAdminSearchField>, value: string, admin: boolean): Promise<Package[]> {
      const filter: PackageFilter = admin ? {} : await publicFilter();
      switch (field) {
        case 'id':
        case 'event_id':
          if (!IdSchema.safeParse(value).success) throw new HttpError(400, 'validation_error', `${field} must be a UUID.`);
          if (field === 'id') filter.id = value;
          else filter.eventId = value;
          break;
        case 'slug':
          filter.slug = value;
          break;
        case 'package_type': {
          const type = PackageType.safeParse(value);
          if (!type.success) throw new HttpError(400, 'validation_error', 'package_type must be subscription or event.');
          filter.packageType = type.data;
          break;
        }
        case 'is_active':
          if (value !== 'true' && value !== 'false') throw new HttpError(400, 'validation_error', 'is_active must be true or false.');
          filter.isActive = value === 'true';
          break;
      }
      return (await packageRepository.list(db, filter)).map(toPackage);
    },

    /** The admin list: one page, filtered by active state and type in SQL. */
    async page(query: {
      is_active?: boolean | undefined;
      package_type?: Package['package_type'] | undefined;
      page: number;
      page_size: number;
    }): Promise<{ items: Package[]; total: number; page: number; page_size: number }> {
      const filter = { isActive: query.is_active, packageType: query.package_type };
      return pageOf(await packageRepository.page(db, filter, query.page_size, offsetOf(query)), query, toPackage);
    },

    /** A package the public may buy (for the orders module): active, and its event published if any. */
    async findBuyable(id: string): Promise<Package | undefined> {
      const [row] = await packageRepository.list(db, { id, ...(await publicFilter()) });
      return row ? toPackage(row) : undefined;
    },

    /** A package whatever its state, for an order of it (`executor`: the caller's transaction). */
    async findById(id: string, executor: Db = db): Promise<Package | undefined> {
      const row = await packageRepository.findById(executor, id);
      return row ? toPackage(row) : undefined;
    },

    /** For the sitemap: slugs of the packages the public can see. */
    async publicSlugs(): Promise<{ slug: string; updated_at: string }[]> {
      return slugEntries(await packageRepository.list(db, await publicFilter()));
    },

    /** For the events module: the ids of the packages linked to each event, oldest first. */
    async linksOf(eventIds: string[], options: { activeOnly: boolean; db?: Db }): Promise<Map<string, string[]>> {
      const links = new Map<string, string[]>();
      for (const { id, eventId } of await packageRepository.linksOf(options.db ?? db, eventIds, options.activeOnly)) {
        links.set(eventId, [...(links.get(eventId) ?? []), id]);
      }
      return links;
    },
  };
}

export type PackagesService = ReturnType<typeof createPackagesService>;

declare module 'fastify' {
  interface FastifyInstance {
    packages: PackagesService;
  }
}

/** Packages: subscriptions, and tickets linked to an event (the link is packages.event_id alone). */
export const packagesPlugin = servicePlugin('packages', (app) => createPackagesService(app.database.db, () => app.events), {
  dependencies: ['database', 'events'],
});
