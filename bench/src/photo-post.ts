// A blog post whose cover is a 3024×2016 phone photo (issue 30's Lighthouse page): uploaded
// through the api as an admin would, published, and returned once its variants are made; and issue
// 30's photo figures. Part of `pnpm bench` (speed.ts); alone: `pnpm --filter @site/bench photo`.
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import { assertChromium, CHROMIUM_ARGS, chromiumPath } from '@site/test-support/chromium';
import { ensureBuilt, startServer } from '@site/test-support/server';
import { until } from '@site/test-support/until';
import { runMain } from './harness';

export const BENCH_ADMIN = { ADMIN_USERNAME: 'bench-admin', ADMIN_EMAIL: 'bench-admin@example.com', ADMIN_PASSWORD: 'bench-admin-password' };

/** What publishing a photo post took: the upload's answer (cleaned original stored), then its variants. */
export interface PhotoPost {
  path: string;
  /** The uploaded file's size. */
  bytes: number;
  uploadMs: number;
  variantsMs: number;
}

async function adminAuthorization(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_ADMIN.ADMIN_USERNAME, password: BENCH_ADMIN.ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`admin login answered ${login.status}`);
  return `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`;
}

/** Uploads a phone photo of the given size as an admin would, publishes a post with it, and times both. */
export async function publishPhotoPost(baseUrl: string, width: number, height: number, blur = 2.5): Promise<PhotoPost> {
  const authorization = await adminAuthorization(baseUrl);
  // Softened noise compresses like a photo (blur 2.5: ~1.2 MB at 6 MP; blur 1: ~3.9 MB at 12 MP, the
  // issue's phone photo), with a GPS position the upload removes.
  const photo = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120, sigma: 45 } } })
    .blur(blur)
    .jpeg({ quality: 88 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1' } })
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const started = performance.now();
  const upload = await fetch(`${baseUrl}/api/ipfs/upload-image`, { method: 'POST', headers: { authorization }, body: form });
  if (upload.status !== 201) throw new Error(`upload answered ${upload.status}`);
  const answered = performance.now();
  const { cid } = (await upload.json()) as { cid: string };
  const slug = `bench-photo-${width}-${Date.now()}`;
  const created = await fetch(`${baseUrl}/api/blogs`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'A phone photo', slug, content: `<p>A post whose cover is a ${width}×${height} photo.</p>`, media_cid: cid, media_alt: 'A phone photo', status: 'published' }),
  });
  if (created.status !== 201) throw new Error(`creating the post answered ${created.status}`);
  // An image's variants are recorded together, once all are made.
  await until(
    async () => {
      const [post] = (await (await fetch(`${baseUrl}/api/blogs/search?field=slug&value=${slug}`)).json()) as { media_image: { variants: unknown[] } | null }[];
      return (post?.media_image?.variants.length ?? 0) > 0;
    },
    "the photo's variants",
    120_000,
    100,
  );
  return { path: `/blog/${slug}`, bytes: photo.length, uploadMs: answered - started, variantsMs: performance.now() - answered };
}

/** Issue 30's Lighthouse page: a post whose cover is a 3024×2016 phone photo. */
export async function photoPostPath(baseUrl: string): Promise<string[]> {
  return [(await publishPhotoPost(baseUrl, 3024, 2016)).path];
}

/** Image bytes a 390 px phone at DPR 2 receives for a page, scrolled to its end (lazy images included). */
export async function phoneImageBytes(baseUrl: string, pagePath: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'image') sizes.push(request.sizes().then((size) => size.responseBodySize));
    });
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    return (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  } finally {
    await browser.close();
  }
}

/** Issue 30's targets for a 12 MP upload and a phone's image bytes, printed as a table. */
export async function printPhotoFigures(baseUrl: string, lighthousePost: string | undefined): Promise<void> {
  const twelve = await publishPhotoPost(baseUrl, 4032, 3024, 1);
  const rows: [string, string, string][] = [
    [`12 MP (4032×3024, ${(twelve.bytes / 1e6).toFixed(1)} MB JPEG) upload answered, original cleaned and stored`, `${(twelve.uploadMs / 1000).toFixed(2)} s`, '≤ 3 s'],
    ['its variants ready after the answer (5 widths × AVIF, WebP, JPEG; cover)', `${(twelve.variantsMs / 1000).toFixed(2)} s`, '≤ 15 s'],
  ];
  for (const post of lighthousePost ? [lighthousePost, twelve.path] : [twelve.path]) {
    rows.push([`image bytes to a 390 px phone at DPR 2: ${post}`, `${((await phoneImageBytes(baseUrl, post)) / 1000).toFixed(0)} KB`, '≤ 250 KB']);
  }
  console.log('\nPhotos (issue 30)\n');
  for (const [label, figure, target] of rows) console.log(`${label.padEnd(90)} ${figure.padStart(9)}   target ${target}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  runMain('bench/src/photo-post.ts', async () => {
    assertChromium();
    ensureBuilt();
    const server = await startServer(BENCH_ADMIN, { asStarted: true });
    try {
      await printPhotoFigures(server.url, (await photoPostPath(server.url))[0]);
    } finally {
      await server.stop();
    }
  });
}
