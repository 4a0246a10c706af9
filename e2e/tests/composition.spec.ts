import { expect, test } from '../support/fixtures';
import { pageSettled } from '../support/page-state';

const ROUTES: { path: string; remote: string; heading: string | RegExp }[] = [
  { path: '/', remote: 'mfe-marketing', heading: 'Small Teams. Big Impact. Powered by AI.' },
  { path: '/services/ai-chatbots', remote: 'mfe-marketing', heading: /Chatbots/ },
  { path: '/refund', remote: 'mfe-marketing', heading: 'Refund Policy' },
  { path: '/privacy', remote: 'mfe-marketing', heading: 'Privacy Policy' },
  { path: '/terms', remote: 'mfe-marketing', heading: 'Terms of Service' },
  { path: '/contact', remote: 'mfe-marketing', heading: /Contact/ },
  { path: '/community', remote: 'mfe-community', heading: /Community/ },
  { path: '/packages/some-package', remote: 'mfe-commerce', heading: /./ },
];

for (const route of ROUTES) {
  test(`${route.path} renders content from ${route.remote}`, async ({ page, requests }) => {
    await page.goto(route.path);
    await expect(page.locator('main h1').first()).toHaveText(route.heading);
    expect(requests.some(new RegExp(`/remotes/${route.remote}/remoteEntry\\.js`))).toBe(true);
  });
}

test('the home page composes the booking section from the commerce remote', async ({ page, requests }) => {
  await page.goto('/#pricing');
  await expect(page.locator('#pricing')).toContainText('Starter Strategy Call');
  expect(requests.some(/\/remotes\/mfe-commerce\/remoteEntry\.js/)).toBe(true);
});

test('React, react-dom and the session store are single instances across shell and remotes', async ({
  page,
  consoleErrors,
}) => {
  // Every react-dom copy registers itself with the devtools hook: count them.
  await page.addInitScript(() => {
    const renderers: unknown[] = [];
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers: new Map(),
      supportsFiber: true,
      inject(renderer: unknown) {
        renderers.push(renderer);
        return renderers.length;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
      isDisabled: false,
    };
    (window as unknown as Record<string, unknown>).__renderers = renderers;
  });
  await page.goto('/#pricing');
  await expect(page.locator('#pricing')).toContainText('AI Readiness Audit');
  await page.getByRole('link', { name: 'Community' }).first().click();
  await expect(page.locator('main h1').first()).toHaveText(/Community/);
  await page.goto('/packages/x');
  await expect(page.locator('main h1').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __renderers: unknown[] }).__renderers.length)).toBe(1);
  expect(consoleErrors.filter((e) => /loaded more than once|Invalid hook call/.test(e))).toEqual([]);
  // One federation share scope holds the one React that everybody uses.
  const reactVersions = await page.evaluate(() => {
    const share = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>> } })
      .__FEDERATION__.__SHARE__;
    const loaded: string[] = [];
    for (const scopes of Object.values(share)) {
      for (const [version, info] of Object.entries(scopes.default?.react ?? {})) {
        if (info.loaded) loaded.push(`${version}@${info.from}`);
      }
    }
    return [...new Set(loaded)];
  });
  expect(reactVersions).toEqual(['19.3.1@shell']);
});

test('a visitor of / and /community downloads nothing of mfe-admin', async ({ page, requests }) => {
  await page.goto('/');
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.mouse.wheel(0, 4000);
  await expect(page.locator('#pricing')).toContainText('Starter Strategy Call');
  await page.goto('/community');
  await expect(page.locator('main h1').first()).toBeVisible();
  // The heading comes with the server's HTML; the page's remote is fetched to hydrate it, so the
  // request log sees real traffic before it is read.
  await expect.poll(() => requests.urls().filter((u) => u.includes('/remotes/mfe-community/')).length).toBeGreaterThan(0);
  await pageSettled(page);
  expect(requests.some(/mfe-admin/)).toBe(false);
});

test('/ downloads nothing of community or admin, even after its idle-time and scroll-time loads', async ({
  page,
  requests,
}) => {
  await page.goto('/');
  await expect(page.locator('main h1').first()).toBeVisible();
  // The assistant loads once the page is idle, the booking and contact form as they approach.
  await expect(page.getByRole('banner').getByRole('button', { name: /Start a call with AI|AI Call/ })).toHaveAttribute(
    'aria-disabled',
    'false',
  );
  await page.locator('#pricing').scrollIntoViewIfNeeded();
  await expect(page.locator('#pricing')).toContainText('Starter Strategy Call');
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await expect(page.locator('#contact form')).toBeVisible();
  await pageSettled(page);
  expect(requests.some(/\/remotes\/mfe-commerce\//)).toBe(true);
  expect(requests.some(/\/remotes\/mfe-community\//)).toBe(false);
  expect(requests.some(/\/remotes\/mfe-admin\//)).toBe(false);
});

test('a remote that fails to load shows a retry, and the rest of the site keeps working', async ({ page }) => {
  await page.route('**/remotes/mfe-community/**', (route) => route.abort('connectionrefused'));
  await page.goto('/community');
  const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  // Navigation to another remote's route still works.
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.locator('main h1').first()).toHaveText('Privacy Policy');

  // Back on the broken route, the remote recovers once it is reachable again.
  await page.goBack();
  await expect(alert).toBeVisible();
  await page.unroute('**/remotes/mfe-community/**');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('main h1').first()).toHaveText(/Community/);
});

test('an unknown path shows 404: Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404: Not Found');
  await expect(page).toHaveTitle(/Page not found/);
});

test('each route sets its own title and description', async ({ page }) => {
  await page.goto('/refund');
  await expect(page).toHaveTitle('Refund Policy | Tiny Titans AI');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /refund/i);
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveTitle('Terms of Service | Tiny Titans AI');
});
