import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { bearer, hostOf, instances, logIn, refresh, register, servedBy, viaProxy, type Pin } from '../support/cluster-client';

const PASSWORD = 'cluster user password';
const newName = () => `cluster-${randomBytes(4).toString('hex')}`;

const me = (accessToken: string, pin: Pin) => viaProxy('/api/users/me', { pin, headers: { authorization: `Bearer ${accessToken}` } });

test('a session begun on one instance is refreshed and used on the other; logout ends it on both', async () => {
  const [first, second] = instances();
  const username = newName();
  await register(username, PASSWORD, 0);
  const session = await logIn(username, PASSWORD, 0);

  const onSecond = await me(session.accessToken, 1);
  expect(onSecond.status).toBe(200);
  expect(servedBy(onSecond)).toBe(hostOf(second!));
  expect(((await onSecond.json()) as { username: string }).username).toBe(username);

  const refreshed = await refresh(session, 1);
  expect(refreshed.response.status).toBe(200);
  expect(servedBy(refreshed.response)).toBe(hostOf(second!));
  const next = refreshed.session!;
  const onFirst = await me(next.accessToken, 0);
  expect(onFirst.status).toBe(200);
  expect(servedBy(onFirst)).toBe(hostOf(first!));
  // Both instances now believe the session open (each keeps that for a few seconds).
  expect((await me(next.accessToken, 1)).status).toBe(200);

  // The rotated-away cookie presented to the other instance is a reuse: the whole session ends.
  const reused = await refresh(session, 0);
  expect(reused.response.status).toBe(401);
  for (const pin of [0, 1] as const) await expect.poll(async () => (await me(next.accessToken, pin)).status, { timeout: 1_000 }).toBe(401);
});

test('logout on one instance revokes the session on every instance at once', async () => {
  const username = newName();
  await register(username, PASSWORD, 1);
  const session = await logIn(username, PASSWORD, 1);
  for (const pin of [0, 1] as const) expect((await me(session.accessToken, pin)).status).toBe(200);

  const logout = await viaProxy('/api/auth/logout', { pin: 0, method: 'POST', headers: { ...bearer(session), cookie: session.cookie } });
  expect(logout.status).toBe(204);
  // Instance 1 had the session cached as open: the revocation notice reaches it within moments.
  await expect.poll(async () => (await me(session.accessToken, 1)).status, { timeout: 1_000 }).toBe(401);
  expect((await me(session.accessToken, 0)).status).toBe(401);
  expect((await refresh(session, 1)).response.status).toBe(401);
});

test('in the browser: sign in through one instance, the reload is signed in by the other, logout holds everywhere', async ({ page }) => {
  const [first, second] = instances();
  const username = newName();
  await register(username, PASSWORD);

  await page.setExtraHTTPHeaders({ 'x-cluster-instance': '0' });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const login = page.waitForResponse('**/api/auth/login');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  expect((await login).headers()['x-served-by']).toBe(hostOf(first!));
  await expect(page.getByText('Login successful')).toBeVisible();

  await page.setExtraHTTPHeaders({ 'x-cluster-instance': '1' });
  const refreshed = page.waitForResponse('**/api/auth/refresh');
  await page.reload();
  const answer = await refreshed;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['x-served-by']).toBe(hostOf(second!));
  const greeting = page.getByRole('banner').getByRole('link', { name: 'Hi, user' });
  await expect(greeting).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Log out successful!')).toBeVisible();
  await page.setExtraHTTPHeaders({ 'x-cluster-instance': '0' });
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(greeting).toHaveCount(0);
});
