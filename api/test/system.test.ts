import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SystemStatus } from '@site/shared/contracts/system';
import { migrationVersions } from '../src/db/migrate';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders, userHeaders } from './content-helpers';

const ENTRY_SOURCE = 'var probe = 1;';

/** A deployment whose remotes.json names one remote served here and one on a host that is down. */
function webRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'system-web-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    path.join(root, 'shell', 'dist', 'remotes.json'),
    JSON.stringify({ mfe_here: '/remotes/probe/remoteEntry.js', mfe_elsewhere: 'http://127.0.0.1:9/remoteEntry.js' }),
  );
  return root;
}

describe.each(testDatabases())('admin system page api on $name', (target) => {
  let app: FastifyInstance;

  useTestApp(target, (built) => (app = built), {
    env: { WEB_ROOT: webRoot(), BACKUP_DIR: mkdtempSync(path.join(tmpdir(), 'system-backups-')) },
    extend: (instance) => instance.get('/remotes/probe/remoteEntry.js', async (_request, reply) => reply.type('text/javascript').send(ENTRY_SOURCE)),
  });

  const status = async () => {
    const res = await app.inject({ url: '/api/admin/system', headers: adminHeaders(app) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    return SystemStatus.parse(res.json());
  };

  it('is for admins only', async () => {
    expect((await app.inject({ url: '/api/admin/system' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/system', headers: userHeaders(app) })).statusCode).toBe(403);
  });

  it('tells the health, the database and the version each remote serves now', async () => {
    const system = await status();
    expect(system.health).toMatchObject({ state: 'ready', database_reachable: true });
    expect(system.database.kind).toBe(target.name);
    expect(system.database.schema_version).toBe((await migrationVersions()).at(-1));
    expect(system.database.server_version).toMatch(/^\d+/);
    expect(system.remotes).toEqual([
      { name: 'mfe_here', entry: '/remotes/probe/remoteEntry.js', reachable: true, version: `sha256:${createHash('sha256').update(ENTRY_SOURCE).digest('hex').slice(0, 12)}` },
      { name: 'mfe_elsewhere', entry: 'http://127.0.0.1:9/remoteEntry.js', reachable: false, version: null },
    ]);
    expect(system.queue).toEqual({ depth: expect.any(Number), mail: 0 });
    expect(system.mail).toEqual({ transport: 'outbox', failures_since_start: 0, recent_failures: [] });
  });

  it('shows the last backup and the mail failures counted since start', async () => {
    expect((await status()).backups).toEqual({ last: null, every_hours: 24, keep: 7, encrypted: false });
    const made = await app.backup.runScheduled({ force: true });
    app.metrics.mailFailed();
    const system = await status();
    expect(system.backups.last).toEqual(made);
    expect(system.mail.failures_since_start).toBe(1);
  }, 60_000);

  it('lists a message whose sending failed, with its error, as one to be retried', async () => {
    const send = vi.spyOn(app.mail, 'send').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:25'));
    try {
      await app.enqueueMail({ to: 'buyer@example.com', subject: 'Your booking', text: 'See you then.' }, { key: `system-test:${Date.now()}` });
      await expect.poll(async () => (await status()).mail.recent_failures, { timeout: 20_000 }).toEqual([
        { at: expect.any(String), to: 'buyer@example.com', error: 'connect ECONNREFUSED 127.0.0.1:25', retrying: true },
      ]);
      expect((await status()).queue.mail).toBe(1);
    } finally {
      send.mockRestore();
    }
  }, 30_000);
});
