import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { bearer, clusterAdmin, hostOf, instances, logIn, servedBy, viaProxy, type Session } from '../support/cluster-client';

let admin: Session;
test.beforeAll(async () => {
  const { username, password } = clusterAdmin();
  admin = await logIn(username, password, 0);
});

/** A WebM header followed by random bytes: a "video" of `size` bytes. */
function clip(size: number): Buffer {
  const header = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810242858102', 'hex');
  return Buffer.concat([header, randomBytes(size - header.length)]);
}

test('media uploaded through one instance are read, whole and by range, through the other', async () => {
  const [first, second] = instances();
  const bytes = clip(600_000);
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'video/webm' }), 'clip.webm');
  const upload = await viaProxy('/api/ipfs/upload-image', { pin: 0, method: 'POST', headers: bearer(admin), body: form });
  expect(upload.status).toBe(201);
  expect(servedBy(upload)).toBe(hostOf(first!));
  const { cid } = (await upload.json()) as { cid: string };

  const whole = await viaProxy(`/ipfs/${cid}`, { pin: 1 });
  expect(whole.status).toBe(200);
  expect(servedBy(whole)).toBe(hostOf(second!));
  expect(whole.headers.get('content-type')).toBe('video/webm');
  expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

  const range = await viaProxy(`/ipfs/${cid}`, { pin: 1, headers: { range: 'bytes=250000-250499' } });
  expect(range.status).toBe(206);
  expect(range.headers.get('content-range')).toBe(`bytes 250000-250499/${bytes.length}`);
  expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(250_000, 250_500))).toBe(true);

  const etag = whole.headers.get('etag')!;
  expect(etag).toBe(`"${cid}"`);
  const revalidated = await viaProxy(`/ipfs/${cid}`, { pin: 0, headers: { 'if-none-match': etag } });
  expect(revalidated.status).toBe(304);
});

test('a blog published on one instance is listed by the other within 1 s', async () => {
  const list = '/api/blogs/search?field=status&value=published';
  // The api's own cache, past nginx's micro-cache (a request with a cookie never uses it).
  const past = { cookie: 'probe=1' };
  // The other instance has the list cached (the second read is its cached answer, same ETag).
  const before = await viaProxy(list, { pin: 1, headers: past });
  expect(before.status).toBe(200);
  const cached = await viaProxy(list, { pin: 1, headers: { ...past, 'if-none-match': before.headers.get('etag')! } });
  expect(cached.status).toBe(304);
  expect(servedBy(cached)).toBeTruthy();

  const slug = `cluster-${randomUUID().slice(0, 8)}`;
  const created = await viaProxy('/api/blogs', {
    pin: 0,
    method: 'POST',
    headers: { ...bearer(admin), 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Published on one instance', slug, content: '<p>Seen on the other.</p>', status: 'published' }),
  });
  expect(created.status).toBe(201);
  const publishedAt = Date.now();
  await expect
    .poll(async () => ((await (await viaProxy(list, { pin: 1, headers: past })).json()) as { slug: string }[]).some((blog) => blog.slug === slug), {
      timeout: 1_000,
      intervals: [20],
    })
    .toBe(true);
  console.log(`blog visible on the other instance after ${Date.now() - publishedAt} ms`);
});

test('static files come from nginx with the caching rules of the api', async ({ request }) => {
  const remotes = await request.get('/remotes.json');
  expect(remotes.status()).toBe(200);
  expect(remotes.headers()['cache-control']).toBe('no-cache');
  // The remote list names each remote's live release: the api answers it (decision 056), never a cache.
  expect(remotes.headers()['x-served-by']).toBeTruthy();
  expect(remotes.headers()['x-cache-status'] ?? 'none').not.toBe('HIT');
  const entry = await request.get('/remotes/mfe-marketing/remoteEntry.js');
  expect(entry.headers()['cache-control']).toBe('no-cache');
  const html = await (await request.get('/')).text();
  const hashed = /src="[^"]*?\/([^"\s/]+\.[0-9a-f]{10}\.js)/.exec(html)?.[1];
  expect(hashed).toBeTruthy();
  const script = await request.get(`/${hashed}`);
  expect(script.status()).toBe(200);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers()['x-content-type-options']).toBe('nosniff');
  // Pages are the api's (their head and Content-Security-Policy), and deep links too.
  const page = await request.get('/community', { headers: { cookie: 'probe=1' } });
  expect(page.headers()['x-served-by']).toBeTruthy();
  expect(page.headers()['content-security-policy']).toContain("default-src 'self'");
});

test('in the browser: a post and its image stored through one instance are shown by the other', async ({ page }) => {
  const [, second] = instances();
  // A 1×1 PNG; the cluster database is fresh, so neither instance has met it before.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'pixel.png');
  const upload = await viaProxy('/api/ipfs/upload-image', { pin: 0, method: 'POST', headers: bearer(admin), body: form });
  expect(upload.status).toBe(201);
  const { cid } = (await upload.json()) as { cid: string };
  const slug = `cluster-${randomUUID().slice(0, 8)}`;
  const created = await viaProxy('/api/blogs', {
    pin: 0,
    method: 'POST',
    headers: { ...bearer(admin), 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Pictured on one instance', slug, content: '<p>Shown by the other.</p>', media_cid: cid, status: 'published' }),
  });
  expect(created.status).toBe(201);

  await page.setExtraHTTPHeaders({ 'x-cluster-instance': '1' });
  // The original, or one of its variants once the derive job has made them (their own CIDs).
  const imageAnswer = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/ipfs/'));
  const pageAnswer = await page.goto(`/blog/${slug}`);
  expect(pageAnswer!.headers()['x-served-by']).toBe(hostOf(second!));
  await expect(page).toHaveTitle('Pictured on one instance | Tiny Titans AI');
  await expect(page.locator('main h1')).toHaveText('Pictured on one instance');
  const image = page.getByRole('img', { name: 'Pictured on one instance' });
  // With a srcset the natural width is the chosen candidate's width over its density: only 'loaded' is certain.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect((await imageAnswer).headers()['x-served-by']).toBe(hostOf(second!));
});
