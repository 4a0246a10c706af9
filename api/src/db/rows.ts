import type { SQL } from 'drizzle-orm';
import type { Db } from './database';

/** The rows a raw statement returns, on either database (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}
