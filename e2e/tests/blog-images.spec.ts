import { mkdir } from 'node:fs/promises';
import { expect, test } from '../support/fixtures';
import { createBlog, uploadMedia } from '../support/content-api';
import { expectNoAxeViolations, signInAsAdmin } from '../support/admin-session';
import { drawnPhoto } from '../support/drawn-photo';

interface BlogAnswer {
  media_image: { width: number; height: number; variants: { kind: string; format: string; width: number; cid: string }[] } | null;
}

test('a post\'s photo is served as a picture with srcset, declared size, priority, alt text and a link preview', async ({ page, baseURL }) => {
  await page.goto('/');
  const cid = await uploadMedia(await drawnPhoto(page), 'photo.jpg', 'image/jpeg');
  const blog = await createBlog({ title: 'Harbour at dawn', content: '<p>Boats in the morning light.</p>', media_cid: cid, media_alt: 'Fishing boats moored at dawn' });

  // The variants are made by a background job: wait for the post to list them.
  await expect
    .poll(
      async () => {
        const [answer] = (await (await page.request.get(`/api/blogs/search?field=slug&value=${blog.slug}`)).json()) as BlogAnswer[];
        return answer?.media_image?.variants.length ?? 0;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);

  await page.goto(`/blog/${blog.slug}`);
  const image = page.getByRole('img', { name: 'Fishing boats moored at dawn' });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('width', '1600');
  await expect(image).toHaveAttribute('height', '1200');
  await expect(image).toHaveAttribute('fetchpriority', 'high');
  const avif = page.locator('article picture source[type="image/avif"]');
  await expect(avif).toHaveAttribute('srcset', /320w, .* 640w, .* 960w, .* 1280w, .* 1600w$/);
  await expect(avif).toHaveAttribute('sizes', /100vw/);
  // The browser picked one of the derived files, not the original.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc)).not.toContain(cid);

  const head = await (await page.request.get(`/blog/${blog.slug}`, { headers: { accept: 'text/html' } })).text();
  expect(head).toMatch(new RegExp(`<meta property="og:image" content="${baseURL}/ipfs/b[a-z2-7]+" />`));
  expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
  expect(head).toContain('<meta property="og:image:alt" content="Fishing boats moored at dawn" />');
  await expectNoAxeViolations(page);

  const shots = process.env.MEDIA_SHOTS_DIR;
  if (shots) {
    await mkdir(shots, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/blog-image-${width}.png` });
    }
    await signInAsAdmin(page, '/admin/blogs/new');
    await expect(page.getByLabel('Image description (alt text)')).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/admin-blog-form-${width}.png`, fullPage: true });
    }
  }
});
