import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { filePointers, VERSION, type LivePointer, type PointerStore } from './store';

/** The NOTIFY channel on which a moved pointer is announced (its payload: the remote). */
export const RELEASES_CHANNEL = 'site_releases';

/**
 * On PostgreSQL the live pointers are rows every instance reads; a switch updates its row and
 * notifies in one transaction, so an instance that hears of it reads the new version. On the
 * embedded database (one process, one machine) they are files beside the releases.
 */
export function pointersOf(database: Database, releasesDir: string): PointerStore {
  if (database.kind !== 'postgres') return filePointers(releasesDir);
  return {
    async read(remote) {
      const [row] = await rowsOf<{ version: string; since: string | Date }>(database.db, sql`SELECT version, since FROM remote_releases WHERE remote = ${remote}`);
      return row && VERSION.test(row.version) ? { version: row.version, since: new Date(row.since).toISOString() } : null;
    },
    async write(remote, version) {
      const pointer: LivePointer = { version, since: new Date().toISOString() };
      await database.db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO remote_releases (remote, version, since) VALUES (${remote}, ${version}, ${pointer.since})
              ON CONFLICT (remote) DO UPDATE SET version = EXCLUDED.version, since = EXCLUDED.since`,
        );
        await tx.execute(sql`SELECT pg_notify(${RELEASES_CHANNEL}, ${remote})`);
      });
      return pointer;
    },
  };
}
