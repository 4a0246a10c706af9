import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createDatabase } from '@site/test-support/postgres';
import { startServer } from '@site/test-support/server';
import { instanceEnv } from '../support/cluster-client';
import { copyChanged, releaseCommands, repoRoot } from '../support/releases';

// A site restored on a new machine (an empty database and an empty RELEASES_DIR) serves the release
// that was live when the backup was taken, in its pages' server HTML, not the build on its disk.
const OLD_TITLE = 'AI Services Built for Small Teams';
const LIVE_TITLE = 'AI Services Carried By The Backup';

test('a backup restored on a new machine with an empty releases folder serves the live release’s pages with content', async () => {
  test.setTimeout(240_000);
  const { pnpm, switched } = releaseCommands(instanceEnv());
  const scratch = await mkdtemp(path.join(tmpdir(), 'cluster-restore-'));
  const target = await createDatabase('restored');
  const releasesDir = path.join(scratch, 'releases');
  let restored: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const changed = path.join(scratch, 'mfe-marketing');
    expect(await copyChanged(path.join(repoRoot, 'mfe-marketing', 'dist'), changed, /\.js$/, [[OLD_TITLE, LIVE_TITLE]])).toBe(2);
    const version = await switched('release', 'mfe-marketing', '--from', changed);

    const archive = path.join(scratch, 'site.tar');
    const backup = await pnpm('backup', '--out', archive);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('live releases');
    // The cluster goes back to the build it started with; the archive keeps what was live.
    await switched('rollback', 'mfe-marketing');

    const newMachine = { DATABASE_URL: target.url, RELEASES_DIR: releasesDir };
    const restore = await releaseCommands({ ...instanceEnv(), ...newMachine }).pnpm('restore', archive);
    expect(restore.code, restore.stderr).toBe(0);
    expect(await readdir(path.join(releasesDir, 'mfe-marketing'))).toContain(version);

    restored = await startServer({ ...newMachine, JOBS_WORKER: '0' }, { readyTimeoutMs: 120_000 });
    const remotes = (await (await fetch(`${restored.url}/remotes.json`)).json()) as Record<string, string>;
    expect(remotes.mfe_marketing).toBe(`/releases/mfe-marketing/${version}/remoteEntry.js`);
    await expect.poll(async () => (await fetch(`${restored!.url}/`)).text(), { timeout: 30_000 }).toContain(`${LIVE_TITLE}</h2>`);
  } finally {
    await restored?.stop();
    await target.drop();
    await rm(scratch, { recursive: true, force: true });
  }
});
