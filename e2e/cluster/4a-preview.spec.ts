import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { bearer, clusterAdmin, instanceEnv, logIn, proxyUrl, viaProxy, type Pin } from '../support/cluster-client';
import { copyChanged, releaseCommands, repoRoot } from '../support/releases';

// A preview (decision 058) on two instances behind nginx: the trial is a row every instance reads,
// the admin's preview a cookie signed with a key every instance shares. Runs after 4-releases, whose
// rollback left release zero live.
const TITLE = 'AI Services Built for Small Teams';
const PREVIEW_TITLE = 'AI Services Previewed Across Instances';

/** The home page through nginx, pinned to one instance when asked, with the admin's cookie when given. */
const home = async (pin: Pin, cookie?: string) => {
  const response = await viaProxy('/', { pin, headers: cookie ? { cookie } : {} });
  return { html: await response.text(), cacheControl: response.headers.get('cache-control'), cacheStatus: response.headers.get('x-cache-status') };
};

test('a preview is seen by the admin on both instances, in the server HTML and the browser, and never by a visitor or from the micro-cache', async ({ browser }) => {
  test.setTimeout(240_000);
  const { pnpm } = releaseCommands(instanceEnv());
  const scratch = await mkdtemp(path.join(tmpdir(), 'cluster-preview-'));
  let onTrial = false;
  try {
    const candidate = path.join(scratch, 'mfe-marketing');
    expect(await copyChanged(path.join(repoRoot, 'mfe-marketing', 'dist'), candidate, /\.js$/, [[TITLE, PREVIEW_TITLE]])).toBe(2);
    const released = await pnpm('release', 'mfe-marketing', '--from', candidate, '--preview');
    expect(released.code, released.stderr).toBe(0);
    onTrial = true;
    const [version] = released.stdout.trim().split('\n');

    // The admin turns the preview on through one instance; the cookie it sets counts on both.
    const { username, password } = clusterAdmin();
    const admin = await logIn(username, password, 0);
    const on = await viaProxy('/api/admin/releases/preview', {
      pin: 0,
      method: 'PUT',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      body: JSON.stringify({ on: true }),
    });
    expect(on.status).toBe(204);
    const previewCookie = on.headers.getSetCookie().find((line) => line.startsWith('site_preview='))!.split(';')[0]!;
    for (const pin of [0, 1] as const) {
      await expect.poll(async () => (await home(pin, previewCookie)).html, { timeout: 10_000 }).toContain(`${PREVIEW_TITLE}</h2>`);
      expect((await home(pin, previewCookie)).cacheControl).toBe('private, no-cache');
      // A visitor asking the same instance right after gets the live release, as does anyone nginx answers.
      expect((await home(pin)).html).toContain(`${TITLE}</h2>`);
    }
    for (let i = 0; i < 3; i++) {
      const visitor = await home(undefined);
      expect(visitor.html).toContain(`${TITLE}</h2>`);
      expect(visitor.html).not.toContain(PREVIEW_TITLE);
    }

    // In the browser, on each instance: the admin's page composes the candidate, a visitor's never loads a file of it.
    const [cookieName, cookieValue] = [previewCookie.slice(0, previewCookie.indexOf('=')), previewCookie.slice(previewCookie.indexOf('=') + 1)];
    for (const pin of ['0', '1']) {
      const adminContext = await browser.newContext({ extraHTTPHeaders: { 'x-cluster-instance': pin } });
      await adminContext.addCookies([{ name: cookieName, value: cookieValue, url: proxyUrl() }]);
      const adminPage = await adminContext.newPage();
      await adminPage.goto(`${proxyUrl()}/`);
      await expect(adminPage.locator('html')).toHaveAttribute('data-app', 'live', { timeout: 30_000 });
      await expect(adminPage.getByRole('heading', { level: 2, name: PREVIEW_TITLE })).toBeVisible();
      expect(await adminPage.evaluate(() => fetch('/remotes.json').then((r) => r.text()))).toContain(version!);
      await adminContext.close();

      const visitorContext = await browser.newContext({ extraHTTPHeaders: { 'x-cluster-instance': pin } });
      const visitorPage = await visitorContext.newPage();
      const candidateFiles: string[] = [];
      visitorPage.on('request', (request) => request.url().includes(version!) && candidateFiles.push(request.url()));
      await visitorPage.goto(`${proxyUrl()}/`);
      await expect(visitorPage.locator('html')).toHaveAttribute('data-app', 'live', { timeout: 30_000 });
      await expect(visitorPage.getByRole('heading', { level: 2, name: TITLE })).toBeVisible();
      expect(await visitorPage.content()).not.toContain(PREVIEW_TITLE);
      expect(candidateFiles).toEqual([]);
      await visitorContext.close();
    }

    // Ending the trial takes the preview away on both instances; the live release never changed.
    const ended = await pnpm('rollback', 'mfe-marketing');
    expect(ended.code, ended.stderr).toBe(0);
    onTrial = false;
    for (const pin of [0, 1] as const) {
      await expect.poll(async () => (await home(pin, previewCookie)).html, { timeout: 10_000 }).toContain(`${TITLE}</h2>`);
    }
  } finally {
    // The files after this one release and restore: a failure here must not leave the trial running.
    if (onTrial) await pnpm('rollback', 'mfe-marketing');
    await rm(scratch, { recursive: true, force: true });
  }
});
