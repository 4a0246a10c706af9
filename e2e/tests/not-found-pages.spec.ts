import { expect, test } from '../support/fixtures';

const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

/** What each kind of missing page answers, as a crawler without JavaScript reads it. */
const MISSING: [path: string, text: string, title: string][] = [
  ['/no-such-page', '404: Not Found', 'Page not found | Tiny Titans AI'],
  ['/blog/no-such-post', 'Blog not found.', 'Blog not found | Tiny Titans AI'],
  ['/event/no-such-event', 'Event not found.', 'Event not found | Tiny Titans AI'],
  ['/packages/no-such-package', 'Package not found.', 'Package not found | Tiny Titans AI'],
];

for (const [path, text, title] of MISSING) {
  test(`${path} answers 404 with '${text}' in its HTML, its own title, noindex and a way home`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(404);
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(textOf(root)).toContain(text);
    expect(head).toContain(`<title>${title}</title>`);
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain('rel="canonical"');
    expect(root).toMatch(/<main[\s\S]*<a [^>]*href="\/"[^>]*>Go to the home page<\/a>/);
  });
}

test('a missing post keeps its title and noindex once the page runs, and its home link works', async ({ page }) => {
  await page.goto('/blog/no-such-post');
  await expect(page.getByRole('alert')).toHaveText('Blog not found.');
  await expect(page).toHaveTitle('Blog not found | Tiny Titans AI');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});
