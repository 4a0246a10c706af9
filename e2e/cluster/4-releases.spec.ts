import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { instanceEnv, instances, viaProxy, type Pin } from '../support/cluster-client';
import { copyChanged, releaseCommands, repoRoot } from '../support/releases';

// `pnpm release` and `pnpm rollback` run beside one instance (its DATABASE_URL and the shared
// RELEASES_DIR): the pointer is a row, and its NOTIFY makes every instance switch within a second.
// The builds the instances started with are their release zero, kept once for both.
const OLD_TITLE = 'AI Services Built for Small Teams';
const NEW_TITLE = 'AI Services Released Across Instances';
/** A release's folder name: its time and content hash. */
const VERSION = /^\d{8}T\d{9}Z-[0-9a-f]{12}$/;

/** What each instance composes now (remotes.json through nginx, pinned: never cached there). */
const marketingEntry = async (pin: Pin) => ((await (await viaProxy('/remotes.json', { pin })).json()) as Record<string, string>).mfe_marketing;
/** The home page as each instance renders it (straight to the instance: nginx keeps pages up to a second). */
const home = async (index: number) => (await fetch(`${instances()[index]!.url}/`)).text();

/** Both instances compose `version` and render `title` within a second. */
async function liveOnBoth(version: string, title: string): Promise<void> {
  for (const pin of [0, 1] as const) {
    await expect.poll(() => marketingEntry(pin), { timeout: 1_000, intervals: [50] }).toBe(`/releases/mfe-marketing/${version}/remoteEntry.js`);
  }
  for (const index of [0, 1]) await expect.poll(() => home(index), { timeout: 1_000, intervals: [50] }).toContain(`${title}</h2>`);
}

test('release zero is kept once; a release and the rollback to release zero are live on both instances within a second, and old files stay served by both', async () => {
  test.setTimeout(300_000);
  const { switched, startedWith } = releaseCommands(instanceEnv());
  // Both instances have rendered the home page once (their containers loaded): the switch is what is timed.
  for (const index of [0, 1]) await expect.poll(() => home(index)).toContain(`${OLD_TITLE}</h2>`);

  // The two instances started together, and each kept what it started with: one release zero, live.
  const zero = await startedWith('mfe-marketing');

  const scratch = await mkdtemp(path.join(tmpdir(), 'cluster-release-'));
  try {
    const changed = path.join(scratch, 'mfe-marketing');
    expect(await copyChanged(path.join(repoRoot, 'mfe-marketing', 'dist'), changed, /\.js$/, [[OLD_TITLE, NEW_TITLE]])).toBe(2);
    const v1 = await switched('release', 'mfe-marketing', '--from', changed);
    await liveOnBoth(v1, NEW_TITLE);

    // After one release, the rollback restores the build the site was started with.
    expect(await switched('rollback', 'mfe-marketing')).toBe(zero);
    await liveOnBoth(zero, OLD_TITLE);

    // A page opened on version 1 still finds its files on either instance.
    for (const pin of [0, 1] as const) {
      const entry = await viaProxy(`/releases/mfe-marketing/${v1}/remoteEntry.js`, { pin });
      expect(entry.status).toBe(200);
      expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  // Long after both started: every front end still has the one release zero.
  const releasesDir = instanceEnv().RELEASES_DIR!;
  for (const remote of ['shell', 'mfe-marketing', 'mfe-commerce', 'mfe-community', 'mfe-admin']) {
    expect((await readdir(path.join(releasesDir, remote))).filter((name) => VERSION.test(name))).toHaveLength(remote === 'mfe-marketing' ? 2 : 1);
  }
});
