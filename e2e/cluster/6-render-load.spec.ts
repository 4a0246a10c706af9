import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { hostOf, instanceEnv, instances, servedBy, viaProxy } from '../support/cluster-client';
import { startServer, type RunningServer } from '@site/test-support/server';

const FAIL_CONTAINER_LOAD = pathToFileURL(fileURLToPath(new URL('../support/fail-container-load.mjs', import.meta.url))).href;
const PAGES = ['/', '/community', '/privacy', '/contact'];

const readiness = async (url: string) => {
  try {
    return (await fetch(`${url}/api/health/ready`)).status;
  } catch {
    return 0;
  }
};
/** What the shell's layout renders around every page: absent when the page is left to the browser. */
const isRendered = (html: string) => html.includes('Skip to content') && !html.includes('<div id="root"></div>');

const started: RunningServer[] = [];
test.afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
});

test('an instance whose server containers fail to load answers not-ready, and nginx serves every page rendered from the other', async () => {
  test.setTimeout(120_000);
  // Two instances start again on the cluster's addresses, one unable to load the containers (the
  // drain test has stopped the first ones; run alone, this test stops them).
  const [first, second] = instances();
  for (const { url, pid } of [first!, second!]) {
    // Only while that instance still answers on its address (a stopped one's pid may be another's by now).
    if ((await readiness(url)) === 0) continue;
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  await expect.poll(async () => (await readiness(first!.url)) + (await readiness(second!.url)), { timeout: 30_000 }).toBe(0);
  const healthy = await startServer(instanceEnv(), { port: Number(new URL(first!.url).port) });
  started.push(healthy);
  const broken = await startServer(
    { ...instanceEnv(), NODE_OPTIONS: `--import=${FAIL_CONTAINER_LOAD}` },
    { port: Number(new URL(second!.url).port), waitFor: 'live' },
  );
  started.push(broken);

  await expect.poll(() => readiness(broken.url), { timeout: 20_000 }).toBe(503);
  expect(await (await fetch(`${broken.url}/api/health/ready`)).json()).toMatchObject({ error: 'render_unavailable' });
  expect(await readiness(healthy.url)).toBe(200);
  const direct = await fetch(`${broken.url}/community`, { headers: { origin: new URL(instanceEnv().PUBLIC_URL ?? broken.url).origin } });
  expect(direct.status).toBe(503);
  expect(direct.headers.get('retry-after')).toBe('5');

  // Through nginx, every visit gets its page with content: the broken instance's 503s are retried on the other.
  const answeredBy = new Map<string, number>();
  for (let i = 0; i < 40; i++) {
    const page = PAGES[i % PAGES.length]!;
    const response = await viaProxy(`${page}?visit=${i}`);
    const html = await response.text();
    expect(response.status, page).toBe(200);
    expect(isRendered(html), `${page} rendered`).toBe(true);
    const by = servedBy(response);
    if (by) answeredBy.set(by, (answeredBy.get(by) ?? 0) + 1);
  }
  expect([...answeredBy.keys()]).toEqual([hostOf(healthy)]);
  console.log(`pages through nginx, by instance: ${JSON.stringify(Object.fromEntries(answeredBy))}`);
});
