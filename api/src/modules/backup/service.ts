import { readdir, rm, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database';
import { settingsRepository } from '../../db/settings';
import { makeBackup, writeBackupFile, type Backup } from './make';
import { LastBackup } from './last-backup';
import { scheduleBackups } from './schedule';
import { rederiveFutureWork } from './future-work';

const SCHEDULED_SETTING = 'backup:last:scheduled';
const DOWNLOAD_SETTING = 'backup:last:download';
const SCHEDULED_FILE = /^site-backup-.+\.tar(\.age)?$/;

export interface BackupService {
  /** A backup to send to an admin; the last backup is recorded once it has been read whole. */
  download(): Promise<Backup>;
  /**
   * Writes a backup into BACKUP_DIR when the last scheduled one is older than the interval (or
   * always with `force`), keeps the newest BACKUP_KEEP; one instance at a time. Undefined when
   * nothing was due or another instance is at it.
   */
  runScheduled(options?: { force?: boolean }): Promise<LastBackup | undefined>;
  /** The newest backup, scheduled or downloaded. */
  last(): Promise<LastBackup | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    backup: BackupService;
  }
}

async function readSetting(db: Db, key: string): Promise<LastBackup | null> {
  const value = await settingsRepository.get(db, key);
  const parsed = value ? LastBackup.safeParse(JSON.parse(value)) : undefined;
  return parsed?.success ? parsed.data : null;
}

/** Deletes the oldest scheduled backups beyond `keep` (names sort by time). */
async function prune(dir: string, keep: number): Promise<void> {
  const files = (await readdir(dir)).filter((name) => SCHEDULED_FILE.test(name)).sort();
  for (const name of files.slice(0, Math.max(0, files.length - keep))) await rm(path.join(dir, name), { force: true });
}

export const backupPlugin = fp(
  async (app) => {
    const { config, database, mediaStore: store } = app;
    const { db } = database;
    const key = config.BACKUP_KEY;
    const releases = { dir: config.RELEASES_DIR, pointers: app.releases.pointers };
    const intervalMs = config.BACKUP_INTERVAL_HOURS * 3_600_000;

    const scheduledBackup = async (force: boolean): Promise<LastBackup | undefined> => {
      const previous = await readSetting(db, SCHEDULED_SETTING);
      if (!force && previous && Date.parse(previous.at) + intervalMs > Date.now()) return undefined;
      await mkdir(config.BACKUP_DIR, { recursive: true, mode: 0o700 });
      const { manifest, file, size } = await writeBackupFile(database, store, key, (name) => path.join(config.BACKUP_DIR, name), releases);
      const record: LastBackup = { at: manifest.created_at, size, file, kind: 'scheduled', encrypted: Boolean(key) };
      await settingsRepository.put(db, SCHEDULED_SETTING, JSON.stringify(record));
      await prune(config.BACKUP_DIR, config.BACKUP_KEEP);
      return record;
    };

    const service: BackupService = {
      async download() {
        const backup = await makeBackup(database, store, key, releases);
        let size = 0;
        // Counts what is sent (a 'data' listener would start the flow before Fastify reads it).
        const counted = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.byteLength;
            done(null, chunk);
          },
          flush(done) {
            const record: LastBackup = { at: backup.manifest.created_at, size, file: null, kind: 'download', encrypted: backup.encrypted };
            settingsRepository.put(db, DOWNLOAD_SETTING, JSON.stringify(record)).then(() => done(), (err: Error) => {
              app.log.warn({ err: { message: err.message } }, 'could not record the backup');
              done();
            });
          },
        });
        backup.archive.on('error', (error) => counted.destroy(error));
        return { ...backup, archive: backup.archive.pipe(counted) };
      },
      // One instance at a time: the queue hands each hour's job to one of them.
      runScheduled: ({ force = false } = {}) => scheduledBackup(force),
      async last() {
        const [scheduled, download] = await Promise.all([readSetting(db, SCHEDULED_SETTING), readSetting(db, DOWNLOAD_SETTING)]);
        return [scheduled, download].filter((b): b is LastBackup => b !== null).sort((a, b) => b.at.localeCompare(a.at))[0] ?? null;
      },
    };
    app.decorate('backup', service);

    // The first start after a restore queues again what the archive could not carry (future-work.ts).
    try {
      const derived = await rederiveFutureWork(app);
      if (derived) app.log.info(derived, 'restored site: reminders and publications queued again');
    } catch (err) {
      // Left marked, the next start tries again; the site itself still starts.
      app.log.error({ err: { message: (err as Error).message } }, 'could not queue the restored site\'s future work');
    }

    await scheduleBackups(app, intervalMs, () =>
      service.runScheduled().catch((err: Error) => app.log.error({ err: { message: err.message } }, 'scheduled backup failed')),
    );
  },
  { name: 'backup', dependencies: ['database', 'config', 'media-store', 'jobs', 'fulfilment', 'blogs', 'releases'] },
);
