import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { bearer, clusterAdmin, logIn, servedBy, viaProxy, type Session } from '../support/cluster-client';

// nginx's micro-cache (deploy/nginx/site.conf.template): public answers kept a few seconds (api
// reads) or one (pages), never for a visitor with a cookie or credentials, never an entry point.

let admin: Session;
test.beforeAll(async () => {
  const { username, password } = clusterAdmin();
  admin = await logIn(username, password, 0);
});

const status = (response: Response) => response.headers.get('x-cache-status');
/** A public read no one has asked for yet: its own key in the micro-cache. */
const freshRead = () => `/api/blogs/search?field=slug&value=micro-${randomUUID().slice(0, 8)}`;

test('a repeated public read is answered by nginx; a request with a cookie or Authorization never is', async () => {
  const path = freshRead();
  const first = await viaProxy(path);
  expect(first.status).toBe(200);
  expect(status(first)).toBe('MISS');
  expect(servedBy(first)).toBeTruthy();
  const second = await viaProxy(path);
  expect(status(second)).toBe('HIT');
  // No instance was asked.
  expect(servedBy(second)).toBe('');
  expect(await second.text()).toBe('[]');

  for (const headers of [{ cookie: 'has_session=1' }, { cookie: 'anything=else' }, bearer(admin)]) {
    for (let i = 0; i < 2; i++) {
      const personal = await viaProxy(path, { headers });
      expect(personal.status).toBe(200);
      expect(status(personal), JSON.stringify(headers)).toBe('BYPASS');
      expect(servedBy(personal)).toBeTruthy();
    }
  }
  // Nor is what those answered kept for the public.
  const admins = freshRead();
  await viaProxy(admins, { headers: bearer(admin) });
  expect(status(await viaProxy(admins))).toBe('MISS');
});

test('keeps no answer the api does not mark public, and no write', async () => {
  // The api's own answers marked private or no-store, e.g. readiness, stay the api's.
  for (let i = 0; i < 2; i++) expect(status(await viaProxy('/api/health/ready'))).not.toBe('HIT');
  for (let i = 0; i < 2; i++) {
    const logout = await viaProxy('/api/auth/logout', { method: 'POST' });
    expect(logout.status).toBe(204);
    expect(status(logout)).not.toBe('HIT');
  }
});

test('never keeps remotes.json, a manifest, a remote entry or index.html', async () => {
  for (const path of ['/remotes.json', '/remotes/mfe-marketing/remoteEntry.js', '/remotes/mfe-marketing/mf-manifest.json', '/index.html', '/mf-manifest.json']) {
    for (let i = 0; i < 3; i++) {
      const response = await viaProxy(path);
      expect(status(response) ?? '', path).not.toMatch(/HIT|STALE|UPDATING/);
      if (path !== '/index.html' && response.status === 200) expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
  }
});

test('keeps a page at most 1 s', async () => {
  const path = `/privacy?micro=${randomUUID().slice(0, 8)}`;
  // Pages are kept until the end of their second: start early in one, so the second read is still in it.
  await expect.poll(() => Date.now() % 1_000, { intervals: [10] }).toBeLessThan(300);
  const first = await viaProxy(path);
  const keptAt = Date.now();
  expect(first.status).toBe(200);
  expect(await first.text()).toContain('Privacy Policy');
  expect(status(first)).toBe('MISS');
  expect(status(await viaProxy(path))).toBe('HIT');
  await expect.poll(async () => status(await viaProxy(path)), { timeout: 2_000, intervals: [20] }).not.toBe('HIT');
  expect(Date.now() - keptAt).toBeLessThan(1_100);
});

test('a write shows through the micro-cache within 5 s', async () => {
  const list = '/api/blogs/search?field=status&value=published';
  await viaProxy(list);
  await expect.poll(async () => status(await viaProxy(list)), { intervals: [20] }).toBe('HIT');
  const slug = `micro-${randomUUID().slice(0, 8)}`;
  const created = await viaProxy('/api/blogs', {
    pin: 0,
    method: 'POST',
    headers: { ...bearer(admin), 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Through the micro-cache', slug, content: '<p>Shown soon.</p>', status: 'published' }),
  });
  expect(created.status).toBe(201);
  const writtenAt = Date.now();
  await expect
    .poll(async () => ((await (await viaProxy(list)).json()) as { slug: string }[]).some((blog) => blog.slug === slug), { timeout: 8_000, intervals: [50] })
    .toBe(true);
  const shownAfter = Date.now() - writtenAt;
  console.log(`a write shown through the micro-cache after ${shownAfter} ms`);
  expect(shownAfter).toBeLessThan(5_250);
});

test('nginx moves a page with a trailing slash to its one URL itself, keeping the query', async () => {
  for (const [from, to] of [
    ['/community/', '/community'],
    ['/blog/some-post/?ref=a', '/blog/some-post?ref=a'],
  ] as const) {
    const moved = await viaProxy(from, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')], from).toEqual([301, to]);
    // No instance was asked.
    expect(servedBy(moved), from).toBe('');
  }
});
