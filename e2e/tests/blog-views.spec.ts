import { expect, test } from '../support/fixtures';
import { adminAccessToken } from '../support/admin-token';
import { createBlog } from '../support/content-api';

/** The post's count as the admin sees it (stored, plus views not yet written). */
async function viewsOf(id: string): Promise<number | undefined> {
  const response = await fetch(`${process.env.E2E_BASE_URL}/api/blogs/search?field=status&value=published`, {
    headers: { authorization: `Bearer ${await adminAccessToken()}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string; views_count: number }[]).find((blog) => blog.id === id)?.views_count;
}

test('opening a post counts one view, from the page\'s beacon; opening it again the same day counts none', async ({ page }) => {
  const post = await createBlog({ title: 'Counted once', content: '<p>Read me.</p>' });
  expect(await viewsOf(post.id)).toBe(0);

  const beacon = page.waitForResponse((response) => response.url().endsWith(`/api/blogs/${post.id}/views`) && response.request().method() === 'POST');
  await page.goto(`/blog/${post.slug}`);
  await expect(page.locator('main h1')).toHaveText('Counted once');
  expect((await beacon).status()).toBe(204);
  expect(await viewsOf(post.id)).toBe(1);

  // The same reader again (a reload sends its beacon too): still one view.
  const again = page.waitForResponse((response) => response.url().endsWith(`/api/blogs/${post.id}/views`));
  await page.reload();
  expect((await again).status()).toBe(204);
  expect(await viewsOf(post.id)).toBe(1);
});
