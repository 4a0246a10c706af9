import { expect, test } from '../support/fixtures';
import { PNG_1PX, createBlog, uniqueSlug } from '../support/content-api';
import { expectNoAxeViolations, signInAsAdmin } from '../support/admin-session';

test('a blog post is created with an uploaded image, edited, archived and reactivated', async ({ page }) => {
  const slug = uniqueSlug('admin-post');
  const title = `Admin post ${slug}`;
  await signInAsAdmin(page, '/admin/blogs');
  await page.getByRole('link', { name: 'New Post' }).click();
  await expect(page.getByRole('heading', { name: 'Upload a New Blog', level: 1 })).toBeVisible();

  await page.getByLabel('Title').fill(`  ${title}  `);
  await page.getByLabel('Slug').fill(slug);
  await page.getByLabel('Summary (optional)').fill('A summary.');
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  // The toolbar never takes focus from the document: keys typed right after a click land in the text.
  await editor.evaluate((el) => el.addEventListener('focusout', () => ((window as { editorLeft?: boolean }).editorLeft = true)));
  const bold = page.getByRole('button', { name: 'Bold' });
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Strong words');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.type(' and plain ones.');
  expect(await page.evaluate(() => (window as { editorLeft?: boolean }).editorLeft ?? false)).toBe(false);
  // The file is uploaded as soon as it is chosen; held until its progress state has been seen,
  // and a publish asked for meanwhile waits for it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/ipfs/upload-image', async (route) => {
    await held;
    await route.continue();
  });
  const upload = page.waitForResponse((r) => r.url().endsWith('/api/ipfs/upload-image') && r.status() === 201);
  const created = page.waitForRequest((r) => r.url().endsWith('/api/blogs') && r.method() === 'POST');
  await page.getByLabel('Media (optional image or video)').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(page.locator('#blog-form-status')).toHaveText('Uploading media…');
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.locator('#blog-form-status')).toHaveText('Uploading media…');
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  release();
  const { cid } = (await (await upload).json()) as { cid: string };
  const body = (await created).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ title, slug, status: 'published', media_cid: cid, content: '<p><strong>Strong words</strong> and plain ones.</p>' });
  await expect(page.locator('#blog-form-status').getByText('Blog published!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blogs$/);

  const row = page.getByRole('row', { name: new RegExp(slug) });
  await expect(row).toContainText(title);
  await expect(row).toContainText('published');

  // The public post shows the uploaded image.
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: title })).toHaveAttribute('src', `/ipfs/${cid}`);

  await page.goto('/admin/blogs');
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Blog' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByRole('img', { name: 'Media preview' })).toHaveAttribute('src', `/ipfs/${cid}`);
  await page.getByLabel('Title').fill(`${title} (edited)`);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.locator('#blog-form-status').getByText('Draft saved!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blogs$/);

  await page.getByLabel('Status').selectOption('draft');
  const draftRow = page.getByRole('row', { name: new RegExp(slug) });
  await expect(draftRow).toContainText(`${title} (edited)`);
  await draftRow.getByRole('button', { name: /^Archive/ }).click();
  await expect(draftRow).toHaveCount(0);

  await page.getByLabel('Status').selectOption('archived');
  const archivedRow = page.getByRole('row', { name: new RegExp(slug) });
  await expect(archivedRow).toContainText('archived');
  await archivedRow.getByRole('button', { name: /^Reactivate/ }).click();
  await expect(archivedRow).toHaveCount(0);
  // It had been published once, so it comes back published.
  await page.getByLabel('Status').selectOption('published');
  await expect(page.getByRole('row', { name: new RegExp(slug) })).toContainText('published');
});

test('the blog form refuses empty fields and keeps what was typed', async ({ page }) => {
  await signInAsAdmin(page, '/admin/blogs/new');
  await page.getByLabel('Title').fill('Only a title');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.locator('#blog-form-status').getByText('Slug, title, and content cannot be empty.')).toBeVisible();
  await expect(page.getByText('Slug is required.')).toBeVisible();
  await expect(page.getByText('Content is required.')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Only a title');

  // A taken slug: the server's message, nothing lost.
  const taken = await createBlog({ title: 'Taken', content: '<p>x</p>' });
  await page.getByLabel('Slug').fill(taken.slug);
  await page.getByRole('textbox', { name: 'Content' }).fill('Some content');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.locator('#blog-form-status')).toContainText(/slug/i);
  await expect(page.getByLabel('Title')).toHaveValue('Only a title');
  await expectNoAxeViolations(page);
});

test('the blogs list filters by status and shows its empty and error texts', async ({ page }) => {
  const draft = await createBlog({ title: `Draft ${uniqueSlug('d')}`, content: '<p>x</p>', status: 'draft' });
  await signInAsAdmin(page, '/admin/blogs');
  await expect(page.getByRole('columnheader')).toHaveText(['Title', 'Slug', 'Status', 'Views', 'Created At', 'Actions']);
  await expect(page.getByRole('row', { name: new RegExp(draft.slug) })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('draft');
  await expect(page.getByRole('row', { name: new RegExp(draft.slug) })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.route('**/api/admin/blogs?*status=archived*', (route) => route.fulfill({ json: { items: [], total: 0, page: 1, page_size: 20 } }));
  await page.getByLabel('Status').selectOption('archived');
  await expect(page.getByText('No blog posts found.')).toBeVisible();

  await page.route('**/api/admin/blogs?*status=published*', (route) =>
    route.fulfill({ status: 500, json: { error: 'internal', message: 'Internal error' } }),
  );
  await page.getByLabel('Status').selectOption('published');
  await expect(page.getByRole('alert')).toContainText('Failed to load blogs by status.');

  await page.route('**/api/blogs/archive', (route) => route.fulfill({ status: 500, json: { error: 'internal', message: 'x' } }));
  await page.getByLabel('Status').selectOption('draft');
  await page.getByRole('row', { name: new RegExp(draft.slug) }).getByRole('button', { name: /^Archive/ }).click();
  await expect(page.getByText('Failed to toggle archive state.')).toBeVisible();
});
