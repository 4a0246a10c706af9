import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { consultationPackages, type ConsultationPackageInsert, type ConsultationPackageRow } from './table';

const one = <T>(rows: T[]): T | undefined => rows[0];
const byPosition = [asc(consultationPackages.position), asc(consultationPackages.createdAt), asc(consultationPackages.id)];

export const consultationRepository = {
  async list(db: Db, options: { activeOnly: boolean }): Promise<ConsultationPackageRow[]> {
    const query = db.select().from(consultationPackages);
    return (options.activeOnly ? query.where(eq(consultationPackages.isActive, true)) : query).orderBy(...byPosition);
  },

  async find(db: Db, id: string): Promise<ConsultationPackageRow | undefined> {
    return one(await db.select().from(consultationPackages).where(eq(consultationPackages.id, id)));
  },

  async insert(db: Db, values: ConsultationPackageInsert): Promise<ConsultationPackageRow> {
    const [row] = await db.insert(consultationPackages).values(values).returning();
    return row!;
  },

  async update(db: Db, id: string, values: Partial<ConsultationPackageInsert>): Promise<ConsultationPackageRow | undefined> {
    return one(
      await db
        .update(consultationPackages)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(consultationPackages.id, id))
        .returning(),
    );
  },
};
