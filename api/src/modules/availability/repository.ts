import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { availabilityOverrides, availabilityRules, availabilityWeekdays, type OverrideRow, type RulesRow, type WeekdayRow } from './table';

/** The consultant's working hours and booking rules. */
export const availabilityRepository = {
  async week(db: Db): Promise<WeekdayRow[]> {
    return db.select().from(availabilityWeekdays).orderBy(asc(availabilityWeekdays.weekday));
  },

  async rules(db: Db): Promise<RulesRow> {
    const [row] = await db.select().from(availabilityRules);
    // Seeded by the migration; never deleted.
    return row!;
  },

  /** Overrides of the IST dates `from` to `to` (YYYY-MM-DD), inclusive. */
  async overrides(db: Db, from: string, to?: string): Promise<OverrideRow[]> {
    return db
      .select()
      .from(availabilityOverrides)
      .where(and(gte(availabilityOverrides.day, from), to ? lte(availabilityOverrides.day, to) : undefined))
      .orderBy(asc(availabilityOverrides.day));
  },

  async putWeekday(db: Db, row: WeekdayRow): Promise<void> {
    await db
      .update(availabilityWeekdays)
      .set({ isOn: row.isOn, firstStart: row.firstStart, lastStart: row.lastStart })
      .where(eq(availabilityWeekdays.weekday, row.weekday));
  },

  async putRules(db: Db, rules: Omit<RulesRow, 'id' | 'updatedAt'>): Promise<void> {
    await db.update(availabilityRules).set({ ...rules, updatedAt: sql`now()` });
  },

  async putOverride(db: Db, row: Omit<OverrideRow, 'updatedAt'>): Promise<void> {
    await db
      .insert(availabilityOverrides)
      .values(row)
      .onConflictDoUpdate({
        target: availabilityOverrides.day,
        set: { isOff: row.isOff, firstStart: row.firstStart, lastStart: row.lastStart, note: row.note, updatedAt: sql`now()` },
      });
  },

  async deleteOverride(db: Db, day: string): Promise<boolean> {
    return (await db.delete(availabilityOverrides).where(eq(availabilityOverrides.day, day)).returning()).length > 0;
  },
};
