import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { RELEASES_CHANNEL } from './pointers';
import { VERSION, type PointerStore } from './store';

/**
 * A checked release on trial before it goes live (decision 058): shown to admins who turned the
 * preview on, and for a canary to a share of visitors too. One at a time on the whole site, so a
 * visitor is on one side of it (candidate or live) and pages are kept per side.
 */
export interface Trial {
  remote: string;
  version: string;
  kind: 'preview' | 'canary';
  /** The share of visitors (0–100) that get the candidate; 0 for a preview. */
  percent: number;
  /** ISO time it started. */
  since: string;
  /** Set once it was ended without anyone acting (an automatic rollback): it no longer runs. */
  ended?: { at: string; reason: string };
}

/** Where the trial is kept: a file beside the releases (one machine), or a row every instance reads (PostgreSQL). */
export interface TrialStore {
  /** The trial, running or ended automatically; null when there is none. */
  read(): Promise<Trial | null>;
  /** Starts, ends (`ended` set) or forgets (null) the trial, all at once. */
  write(trial: Trial | null): Promise<void>;
}

/** The trial that runs: one that has not been ended. */
export const running = (trial: Trial | null): Trial | null => (trial && !trial.ended ? trial : null);

const valid = (value: Partial<Trial> | null | undefined): Trial | null =>
  value &&
  typeof value.remote === 'string' &&
  typeof value.version === 'string' &&
  VERSION.test(value.version) &&
  (value.kind === 'preview' || value.kind === 'canary') &&
  typeof value.percent === 'number'
    ? {
        remote: value.remote,
        version: value.version,
        kind: value.kind,
        percent: value.percent,
        since: String(value.since ?? ''),
        ...(value.ended ? { ended: { at: String(value.ended.at), reason: String(value.ended.reason) } } : {}),
      }
    : null;

const trialFile = (releasesDir: string) => path.join(releasesDir, 'trial.json');

/** The trial as a file, written aside and renamed over the old one (as the live pointers are). */
export function fileTrials(releasesDir: string): TrialStore {
  return {
    async read() {
      try {
        return valid(JSON.parse(await readFile(trialFile(releasesDir), 'utf8')) as Partial<Trial>);
      } catch {
        return null;
      }
    },
    async write(trial) {
      const file = trialFile(releasesDir);
      await mkdir(releasesDir, { recursive: true });
      const aside = `${file}.${randomUUID()}.tmp`;
      await writeFile(aside, JSON.stringify(trial));
      await rename(aside, file);
    },
  };
}

/** On PostgreSQL: one row, moved with a NOTIFY on the pointers' channel so every instance looks again. */
export function trialsOf(database: Database, releasesDir: string): TrialStore {
  if (database.kind !== 'postgres') return fileTrials(releasesDir);
  return {
    async read() {
      const [row] = await rowsOf<{ remote: string; version: string; kind: Trial['kind']; percent: number; since: string | Date; ended_at: string | Date | null; ended_reason: string | null }>(
        database.db,
        sql`SELECT remote, version, kind, percent, since, ended_at, ended_reason FROM release_trials`,
      );
      if (!row) return null;
      return valid({
        remote: row.remote,
        version: row.version,
        kind: row.kind,
        percent: Number(row.percent),
        since: new Date(row.since).toISOString(),
        ...(row.ended_at ? { ended: { at: new Date(row.ended_at).toISOString(), reason: row.ended_reason ?? '' } } : {}),
      });
    },
    async write(trial) {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM release_trials`);
        if (trial) {
          await tx.execute(
            sql`INSERT INTO release_trials (remote, version, kind, percent, since, ended_at, ended_reason)
                VALUES (${trial.remote}, ${trial.version}, ${trial.kind}, ${trial.percent}, ${trial.since}, ${trial.ended?.at ?? null}, ${trial.ended?.reason ?? null})`,
          );
        }
        await tx.execute(sql`SELECT pg_notify(${RELEASES_CHANNEL}, ${trial?.remote ?? 'trial'})`);
      });
    },
  };
}

/** The pointers as the candidate side sees them: the trial's remote at its candidate version. */
export function candidatePointers(pointers: PointerStore, trial: Trial): PointerStore {
  return {
    async read(remote) {
      return remote === trial.remote ? { version: trial.version, since: trial.since } : pointers.read(remote);
    },
    write: () => Promise.reject(new Error('the candidate side is read only')),
  };
}
