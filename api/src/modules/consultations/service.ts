import type {
  AdminConsultationPackage,
  ConsultationPackage,
  ConsultationPackageCreateBody,
  ConsultationPackageUpdateBody,
} from '@site/shared/contracts/consultations';
import { toPaise, toRupees } from '@site/shared/money';
import type { Db } from '../../db/database';
import { settingsRepository } from '../../db/settings';
import { servicePlugin } from '../../lib/service-plugin';
import { HttpError } from '../../plugins/errors';
import { consultationRepository } from './repository';
import type { ConsultationPackageInsert, ConsultationPackageRow } from './table';

export type { ConsultationPackageRow } from './table';

const rupeesOf = (pricePaise: number | null) => (pricePaise === null ? null : toRupees(pricePaise));

/** The public shape of GET /api/bookings/packages (unchanged since the catalogue lived in orders). */
export const toConsultationPackage = (row: ConsultationPackageRow): ConsultationPackage => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: rupeesOf(row.pricePaise) ?? 'Custom',
  duration: row.durationMinutes,
  benefits: row.benefits,
  ...(row.badge ? { badge: row.badge } : {}),
});

export const toAdminConsultationPackage = (row: ConsultationPackageRow): AdminConsultationPackage => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: rupeesOf(row.pricePaise),
  duration: row.durationMinutes,
  benefits: row.benefits,
  badge: row.badge,
  position: row.position,
  is_active: row.isActive,
  updated_at: row.updatedAt.toISOString(),
});

type Body = Partial<{
  name: string;
  description: string;
  price: number | null;
  duration: number;
  benefits: string[];
  badge: string | null;
  position: number;
  is_active: boolean;
}>;

/** Body fields → columns; only the fields given. */
function columnsOf(body: Body): Partial<ConsultationPackageInsert> {
  const columns: Partial<ConsultationPackageInsert> = {};
  if (body.name !== undefined) columns.name = body.name;
  if (body.description !== undefined) columns.description = body.description;
  if (body.price !== undefined) columns.pricePaise = body.price === null ? null : toPaise(body.price);
  if (body.duration !== undefined) columns.durationMinutes = body.duration;
  if (body.benefits !== undefined) columns.benefits = body.benefits;
  if (body.badge !== undefined) columns.badge = body.badge || null;
  if (body.position !== undefined) columns.position = body.position;
  if (body.is_active !== undefined) columns.isActive = body.is_active;
  return columns;
}

/**
 * The app setting that holds the address each booking's own meeting room is made under (Admin →
 * Settings); unset, rooms are made on public Jitsi.
 */
const MEETING_LINK_SETTING = 'consultations.meeting_link';
export const DEFAULT_MEETING_BASE = 'https://meet.jit.si';

const needsDuration = () => new HttpError(400, 'validation_error', 'A package with a price needs a duration.');

/** The consultation catalogue: the packages of the pricing section, the only source of their prices. */
export function createConsultationsService(db: Db) {
  return {
    /** The active packages in their order, as the pricing section and the assistant read them. */
    async listPublic(): Promise<ConsultationPackage[]> {
      return (await consultationRepository.list(db, { activeOnly: true })).map(toConsultationPackage);
    },

    async listAll(): Promise<AdminConsultationPackage[]> {
      return (await consultationRepository.list(db, { activeOnly: false })).map(toAdminConsultationPackage);
    },

    /** A package by id, active or not: checkout reads its price here, and only here. */
    find: (id: string) => consultationRepository.find(db, id),

    async create(tx: Db, body: ConsultationPackageCreateBody): Promise<AdminConsultationPackage> {
      const columns = columnsOf(body);
      if (columns.pricePaise !== null && columns.durationMinutes === 0) throw needsDuration();
      return toAdminConsultationPackage(
        await consultationRepository.insert(tx, { name: body.name, durationMinutes: body.duration, ...columns }),
      );
    },

    async update(tx: Db, id: string, body: ConsultationPackageUpdateBody): Promise<AdminConsultationPackage> {
      const current = await consultationRepository.find(tx, id);
      if (!current) throw new HttpError(404, 'not_found', 'Package not found.');
      const columns = columnsOf(body);
      const pricePaise = columns.pricePaise === undefined ? current.pricePaise : columns.pricePaise;
      if (pricePaise !== null && (columns.durationMinutes ?? current.durationMinutes) === 0) throw needsDuration();
      return toAdminConsultationPackage((await consultationRepository.update(tx, id, columns))!);
    },

    /** The address the admin set for meeting rooms; undefined until set. */
    async meetingLink(executor: Db = db): Promise<string | undefined> {
      return (await settingsRepository.get(executor, MEETING_LINK_SETTING)) || undefined;
    },

    /** The address a new booking's room is made under: the admin's, else public Jitsi. */
    async meetingBase(executor: Db = db): Promise<string> {
      return (await settingsRepository.get(executor, MEETING_LINK_SETTING)) || DEFAULT_MEETING_BASE;
    },

    /** Sets (or with null, clears) the meeting rooms' address; bookings paid from now on get rooms under it. */
    async setMeetingLink(tx: Db, link: string | null): Promise<void> {
      await settingsRepository.put(tx, MEETING_LINK_SETTING, link ?? '');
    },
  };
}

export type ConsultationsService = ReturnType<typeof createConsultationsService>;

declare module 'fastify' {
  interface FastifyInstance {
    consultations: ConsultationsService;
  }
}

export const consultationsPlugin = servicePlugin('consultations', (app) => createConsultationsService(app.database.db));
