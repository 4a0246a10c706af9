import { desc } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditLog, type AuditRow } from './table';

export type AuditInsert = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

export const auditRepository = {
  async insert(db: Db, values: AuditInsert): Promise<void> {
    await db.insert(auditLog).values(values);
  },

  async recent(db: Db, limit: number): Promise<AuditRow[]> {
    return db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
  },
};
