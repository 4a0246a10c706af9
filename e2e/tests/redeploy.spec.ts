import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { repoRoot } from '@site/test-support/server';

// A remote moved to another host (a CDN) is found through /remotes.json alone: the shell's own files
// are the same build. The CDN is simulated by answering its URLs from the remote's dist folder; the
// server's CSP is bypassed because it is computed from the server's remotes.json at start. The visit
// starts on a page the browser renders: a server-rendered one carries the server's remote list.
test.use({ bypassCSP: true });

test('a remote redeployed to another URL loads without rebuilding the shell', async ({ page }) => {
  const cdn = 'https://cdn.example.test/marketing-v2';
  const served: string[] = [];
  await page.route('**/remotes.json', async (route) => {
    const response = await route.fetch();
    const remotes = { ...(await response.json()), mfe_marketing: `${cdn}/remoteEntry.js` };
    await route.fulfill({ response, json: remotes });
  });
  await page.route(`${cdn}/**`, async (route) => {
    const file = new URL(route.request().url()).pathname.replace('/marketing-v2/', '');
    served.push(file);
    const body = await readFile(path.join(repoRoot, 'mfe-marketing', 'dist', file));
    await route.fulfill({ body, contentType: 'application/javascript' });
  });
  await page.route('**/remotes/mfe-marketing/**', (route) => route.abort());

  // A password-reset link: its page is left to the browser (the token is read there).
  await page.goto('/login?reset=redeploy-check');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  await page.getByRole('link', { name: 'Tiny Titans AI: back to the home page' }).click();
  await expect(page.locator('#pricing')).toBeVisible();
  expect(served).toContain('remoteEntry.js');
  expect(served.length).toBeGreaterThan(1);
});
