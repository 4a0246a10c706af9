import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { loadConfig } from '../src/config';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders } from './content-helpers';
import { BACKUP_RATE_LIMIT } from '../src/modules/backup/routes';
import { BACKUP_QUEUE } from '../src/modules/backup/schedule';

describe('backup settings', () => {
  it('reads BACKUP_* and names a bad one', async () => {
    const identity = await generateX25519Identity();
    const config = loadConfig({ DATA_DIR: '/srv/site', BACKUP_KEY: identity });
    expect(config).toMatchObject({ BACKUP_DIR: path.join('/srv/site', 'backups'), BACKUP_KEEP: 7, BACKUP_INTERVAL_HOURS: 24, BACKUP_KEY: identity });
    expect(loadConfig({ BACKUP_KEY: await identityToRecipient(identity) }).BACKUP_KEY).toMatch(/^age1/);
    expect(() => loadConfig({ BACKUP_KEY: 'a passphrase' })).toThrow(/BACKUP_KEY: must be an age identity/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '-1' })).toThrow(/BACKUP_INTERVAL_HOURS/);
  });
});

/** The age identity the suites' backups are encrypted for. */
const SUITE_KEY = await generateX25519Identity();

describe.each(testDatabases())('scheduled and encrypted backups on $name', (target) => {
  let app: FastifyInstance;
  const backupDir = mkdtempSync(path.join(tmpdir(), 'backups-'));

  useTestApp(target, (built) => (app = built), { env: { BACKUP_DIR: backupDir, BACKUP_KEEP: '2', BACKUP_KEY: SUITE_KEY } });

  it('is a job of the queue, scheduled every hour, that makes the backup when one is due', async () => {
    const schedules = await app.jobs.boss.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: BACKUP_QUEUE, cron: '0 * * * *' }));
    // No scheduled backup yet: the hour's job makes one (whichever instance works it).
    expect(await app.backup.last()).toBeNull();
    await app.jobs.send(BACKUP_QUEUE, {});
    await expect.poll(async () => (await app.backup.last())?.kind, { timeout: 30_000 }).toBe('scheduled');
  }, 60_000);

  it('writes encrypted archives into BACKUP_DIR, keeps BACKUP_KEEP of them and records the last', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await app.backup.runScheduled({ force: true }));
    const files = (await readdir(backupDir)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^site-backup-.+\.tar\.age$/);
    expect(files).toEqual(made.slice(1).map((b) => path.basename(b!.file!)));
    expect(await app.backup.last()).toEqual(made[2]);
    expect(made[2]).toMatchObject({ kind: 'scheduled', encrypted: true });
    // Not due again until the interval has passed.
    expect(await app.backup.runScheduled()).toBeUndefined();
  }, 60_000);

  it('sends an encrypted download when BACKUP_KEY is set', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/backup', headers: adminHeaders(app) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/filename="site-backup-.+\.tar\.age"/);
    expect(res.rawPayload.subarray(0, 21).toString('latin1')).toBe('age-encryption.org/v1');
  }, 60_000);

  it('limits downloads per hour', async () => {
    // One was sent by the test above.
    for (let sent = 1; sent < BACKUP_RATE_LIMIT.max; sent += 1) {
      expect((await app.inject({ method: 'GET', url: '/api/admin/backup', headers: adminHeaders(app) })).statusCode).toBe(200);
    }
    const limited = await app.inject({ method: 'GET', url: '/api/admin/backup', headers: adminHeaders(app) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
  }, 60_000);
});
