import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, openInApp, test } from '../support/fixtures';
import { PNG_1PX, WEBM_HEADER, createBlog, uniqueSlug, uploadMedia } from '../support/content-api';

const fakeBlog = (n: number, media: string | null = null) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  slug: `fake-post-${n}`,
  title: `Fake post ${n}`,
  content: `<p><strong>Bold</strong> ${'words '.repeat(60)}</p>`,
  summary: null,
  media_cid: media,
  media_type: null,
  author_id: '00000000-0000-4000-8000-000000000000',
  published_at: '2030-01-01T10:00:00.000Z',
  status: 'published',
  views_count: 0,
  created_at: '2030-01-01T10:00:00.000Z',
  updated_at: '2030-01-01T10:00:00.000Z',
  deleted_at: null,
});

const carousel = (page: Page) => page.getByRole('region', { name: 'Blog posts' });

/** The post as the public api answers it (what any reader of the api gets). */
async function readBlog(slug: string): Promise<{ content: string; media_type: string | null }> {
  const response = await fetch(`${process.env.E2E_BASE_URL}/api/blogs/search?field=slug&value=${encodeURIComponent(slug)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { content: string; media_type: string | null }[])[0]!;
}

test('the blogs carousel wraps around, strips HTML from previews and replaces broken images', async ({ page }) => {
  await page.route('**/api/blogs/search?field=status**', (route) =>
    route.fulfill({ json: [fakeBlog(1, 'https://127.0.0.1:9/broken.png'), fakeBlog(2), fakeBlog(3), fakeBlog(4)] }),
  );
  await openInApp(page, '/community');
  const titles = carousel(page).getByRole('listitem').locator('h3');
  await expect(titles).toHaveText(['Fake post 1', 'Fake post 2', 'Fake post 3']);
  await carousel(page).getByRole('button', { name: 'Previous blog posts' }).click();
  await expect(titles.first()).toHaveText('Fake post 4');
  await carousel(page).getByRole('button', { name: 'Next blog posts' }).click();
  await expect(titles.first()).toHaveText('Fake post 1');
  const previewText = await carousel(page).getByRole('listitem').first().locator('p').textContent();
  expect(previewText).toMatch(/^Bold words/);
  expect(previewText?.length).toBe(151);
  await expect(carousel(page).getByRole('listitem').first().locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
});

test('a blog with an uploaded image shows it with title, summary, date and sanitized content', async ({ page }) => {
  const cid = await uploadMedia(PNG_1PX, 'pixel.png', 'image/png');
  const blog = await createBlog({
    title: 'Pictured post',
    summary: 'A summary line.',
    media_cid: cid,
    content:
      '<p>Body text</p><script>window.__pwned = 1</script><img src="/x.png" onerror="window.__pwned = 2">' +
      '<a href="javascript:window.__pwned = 3">Click me</a>',
  });
  // What the api stores and hands out is already clean, whatever the browser does next.
  const stored = await readBlog(blog.slug);
  expect(stored.content).toContain('Body text');
  expect(stored.content).not.toMatch(/<script|onerror|javascript:/i);
  expect(stored.media_type).toBe('image');

  await page.goto(`/blog/${blog.slug}`);
  await expect(page.locator('main h1')).toHaveText('Pictured post');
  await expect(page).toHaveTitle('Pictured post | Tiny Titans AI');
  const image = page.getByRole('img', { name: 'Pictured post' });
  // The upload itself, or one of its variants once the derive job has made them (their own CIDs);
  // with a srcset the natural width is the chosen candidate's over its density: only 'loaded' is certain.
  await expect(image).toHaveAttribute('src', /^\/ipfs\//);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname).toMatch(/^\/ipfs\//);
  await expect(page.getByText('A summary line.')).toBeVisible();
  await expect(page.getByText(/^Published /)).toBeVisible();
  await expect(page.getByText('Body text')).toBeVisible();
  // The inline image (/x.png, missing) has had its chance to fire onerror before anything is checked.
  const inline = page.locator('main article img[src="/x.png"]');
  await expect.poll(() => inline.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  await page.getByText('Click me').click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('main article [onerror], main article script, main article [href^="javascript:" i]').count()).toBe(0);

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test('a blog with an uploaded video shows a video player', async ({ page }) => {
  const cid = await uploadMedia(WEBM_HEADER, 'clip.webm', 'video/webm');
  const blog = await createBlog({ title: 'Video post', content: '<p>Watch this.</p>', media_cid: cid });
  await page.goto(`/blog/${blog.slug}`);
  await expect(page.locator('main h1')).toHaveText('Video post');
  const video = page.locator('main video');
  await expect(video).toHaveAttribute('src', `/ipfs/${cid}`);
  await expect(video).toHaveAttribute('controls', '');
  await expect(page.locator('main article img')).toHaveCount(0);
});

test('a blog\'s media takes its box at once: the summary does not move when the image arrives', async ({ page }) => {
  const cid = await uploadMedia(PNG_1PX, 'late.png', 'image/png');
  const blog = await createBlog({ title: 'Late image', summary: 'Stays put.', media_cid: cid, content: '<p>x</p>' });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The upload or any of its variants (the derive job may have made them by now).
  await page.route('**/ipfs/**', async (route) => {
    await held;
    await route.continue();
  });
  // The image is in the served HTML: the page's load event waits for it.
  await page.goto(`/blog/${blog.slug}`, { waitUntil: 'domcontentloaded' });
  const summary = page.getByText('Stays put.');
  await expect(summary).toBeVisible();
  const before = (await summary.boundingBox())!.y;
  release();
  const image = page.getByRole('img', { name: 'Late image' });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect((await summary.boundingBox())!.y).toBe(before);
});

test('a blog whose media URL names a video file shows a video', async ({ page }) => {
  await page.route('**/api/blogs/search?field=slug**', (route) =>
    route.fulfill({ json: [{ ...fakeBlog(5, 'https://media.example/clip.mp4'), slug: 'fake-video' }] }),
  );
  await openInApp(page, '/blog/fake-video');
  await expect(page.locator('main video')).toHaveAttribute('src', 'https://media.example/clip.mp4');
});

test('a missing, draft or failing blog shows Blog not found.', async ({ page }) => {
  await page.goto(`/blog/${uniqueSlug('missing')}`);
  await expect(page.getByText('Blog not found.')).toBeVisible();
  const draft = await createBlog({ title: 'Draft post', content: '<p>x</p>', status: 'draft' });
  await page.goto(`/blog/${draft.slug}`);
  await expect(page.getByText('Blog not found.')).toBeVisible();
  await page.route('**/api/blogs/search**', (route) => route.abort());
  await openInApp(page, '/blog/sample-automation-checklist');
  await expect(page.getByText('Blog not found.')).toBeVisible();
});

test('a sample blog opens from the community carousel, with a loading state first', async ({ page }) => {
  // The answer is held until the loading state has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/blogs/search?field=slug**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/community');
  // Posts made by other tests are newer: page through the carousel to the samples.
  const sample = carousel(page).getByRole('link', { name: /^Sample post:/ }).first();
  await expect(carousel(page).getByRole('listitem').first()).toBeVisible();
  for (let i = 0; i < 20 && !(await sample.isVisible()); i += 1) {
    await carousel(page).getByRole('button', { name: 'Next blog posts' }).click();
  }
  await sample.click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading blog…' })).toBeVisible();
  release();
  await expect(page.locator('main h1')).toHaveText(/^Sample post:/);
});

test('on a phone a post with a long link or word wraps it: the page never scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const long = 'https://example.com/a-very-long-address/that-goes-on-and-on/without-a-single-space-to-break-at/index.html';
  const blog = await createBlog({
    title: `Supercalifragilisticexpialidociousautomationpipelines ${uniqueSlug('w')}`,
    content: `<p>Read <a href="${long}">${long}</a> and then averyveryverylongwordwithoutanybreakthatwouldwidenthepage________ end.</p>`,
  });
  await page.goto(`/blog/${blog.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(blog.title);
  await expect(page.getByRole('link', { name: long })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  for (const part of [page.getByRole('heading', { level: 1 }), page.getByRole('link', { name: long })]) {
    const box = (await part.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await page.screenshot({ path: test.info().outputPath('blog-long-words-390.png'), fullPage: true });
});
