import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { bearer, clusterAdmin, instanceEnv, instances, logIn, viaProxy, type Session } from '../support/cluster-client';

/** Confirmed subscribers a post goes to: one newsletter batch job per 100, then one mail job each. */
const READERS = 500;

let admin: Session;
test.beforeAll(async () => {
  const { username, password } = clusterAdmin();
  admin = await logIn(username, password, 0);
});

/** The recipients of every .eml in an instance's outbox whose subject is `subject`. */
async function recipients(dataDir: string, subject: string): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const found: string[] = [];
  for (const name of files) {
    const raw = (await readFile(path.join(outbox, name), 'utf8')).replace(/\r?\n[ \t]+/g, ' ');
    if (/^Subject: (.*)$/m.exec(raw)?.[1]?.trim() !== subject) continue;
    found.push(/^To: (.*)$/m.exec(raw)![1]!.trim());
  }
  return found;
}

test(`a newsletter to ${READERS} subscribers: its jobs are shared by both instances, and each reader gets the post exactly once`, async () => {
  test.setTimeout(240_000);
  const run = randomBytes(4).toString('hex');
  const readers = Array.from({ length: READERS }, (_, n) => `cluster-reader-${n}-${run}@example.com`);
  const client = new pg.Client({ connectionString: instanceEnv().DATABASE_URL });
  await client.connect();
  try {
    // Confirmed subscribers, as after their double opt-in.
    await client.query(
      `INSERT INTO newsletter_subscriptions (email, unsubscribe_token_hash, confirmed_at)
       SELECT e, md5(e), now() FROM unnest($1::text[]) AS e`,
      [readers],
    );
  } finally {
    await client.end();
  }

  const title = `Cluster newsletter ${run}`;
  const created = await viaProxy('/api/blogs', {
    pin: 0,
    method: 'POST',
    headers: { ...bearer(admin), 'content-type': 'application/json' },
    body: JSON.stringify({ slug: `cluster-newsletter-${run}`, title, content: '<p>Sent once to each reader.</p>', status: 'published', published_at: new Date(Date.now() - 60_000).toISOString() }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const started = await viaProxy(`/api/admin/blogs/${id}/newsletter/send`, { pin: 1, method: 'POST', headers: bearer(admin) });
  expect(started.status).toBe(202);
  const total = ((await started.json()) as { total: number }).total;
  expect(total).toBeGreaterThanOrEqual(READERS);

  await expect
    .poll(async () => ((await (await viaProxy(`/api/admin/blogs/${id}/newsletter`, { headers: bearer(admin) })).json()) as { status: string; sent: number }).status, {
      timeout: 200_000,
      intervals: [1_000],
    })
    .toBe('sent');

  const byInstance = await Promise.all(instances().map((instance) => recipients(instance.dataDir, title)));
  const all = byInstance.flat();
  const ours = all.filter((to) => to.endsWith(`-${run}@example.com`));
  expect(ours.length, 'messages to the seeded readers').toBe(READERS);
  expect(new Set(ours).size, 'distinct readers').toBe(READERS);
  expect(all.length).toBe(total);
  // Which instance worked which job is the queue's scheduling, not correctness: it is only reported.
  console.log(`newsletter of ${total} messages: ${byInstance.map((list) => list.length).join(' + ')} sent by the two instances`);
});
