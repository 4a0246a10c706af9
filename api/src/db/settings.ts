import { randomBytes } from 'node:crypto';
import { and, eq, like, ne } from 'drizzle-orm';
import type { Db } from './database';
import { appSettings } from './tables';

/** The only code that touches app_settings: secrets and keys every instance shares through the database. */
export const settingsRepository = {
  /** Stores `candidate` under `key` unless a value is there already; true when this call stored it. */
  async putIfAbsent(db: Db, key: string, candidate: string): Promise<boolean> {
    const created = await db
      .insert(appSettings)
      .values({ key, value: candidate })
      .onConflictDoNothing({ target: appSettings.key })
      .returning({ key: appSettings.key });
    return created.length > 0;
  },

  /** Stores `value` under `key`, replacing what was there. */
  async put(db: Db, key: string, value: string): Promise<void> {
    await db.insert(appSettings).values({ key, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
  },

  async get(db: Db, key: string): Promise<string | undefined> {
    const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
    return row?.value;
  },

  /** Every setting whose key starts with `prefix`. */
  async list(db: Db, prefix: string): Promise<{ key: string; value: string }[]> {
    return db.select({ key: appSettings.key, value: appSettings.value }).from(appSettings).where(like(appSettings.key, `${prefix}%`));
  },

  async delete(db: Db, key: string): Promise<void> {
    await db.delete(appSettings).where(eq(appSettings.key, key));
  },

  /** Deletes every setting whose key starts with `prefix`, except `keep`. */
  async deleteOthers(db: Db, prefix: string, keep: string): Promise<void> {
    await db.delete(appSettings).where(and(like(appSettings.key, `${prefix}%`), ne(appSettings.key, keep)));
  },
};

/** A random secret generated once under `key` and shared by every instance through the database. */
export async function storedSecret(db: Db, key: string, bytes = 32): Promise<string> {
  await settingsRepository.putIfAbsent(db, key, randomBytes(bytes).toString('base64url'));
  const value = await settingsRepository.get(db, key);
  if (value === undefined) throw new Error(`The setting ${key} could not be stored`);
  return value;
}
