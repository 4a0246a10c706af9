import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations, signInAsAdmin } from '../support/admin-session';
import { drawnPhoto } from '../support/drawn-photo';
import { pngBomb } from '../support/png-bomb';

for (const width of [390, 1280]) {
  test(`at ${width} px, a chosen photo shows its upload's progress, then the stored image with its size and weight; a refused one says why`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page, '/admin/blogs/new');
    await expect(page.getByRole('heading', { name: 'Upload a New Blog', level: 1 })).toBeVisible();
    const photo = await drawnPhoto(page);
    await page.getByLabel('Title').fill('Typed before the upload');

    // Held until its progress has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/ipfs/upload-image', async (route) => {
      await held;
      await route.continue();
    });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/ipfs/upload-image'));
    const picker = page.getByLabel('Media (optional image or video)');
    await picker.setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.locator('#blog-form-status')).toHaveText('Uploading media…');
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(picker).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath(`upload-progress-${width}.png`), fullPage: true });
    release();
    const stored = (await (await answered).json()) as { cid: string; width: number; height: number; size: number };

    // The image as the api stored it (not the local file), with what it weighs now.
    const preview = page.getByRole('img', { name: 'Media preview' });
    await expect(preview).toHaveAttribute('src', `/ipfs/${stored.cid}`);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
    const kb = (stored.size / 1024).toFixed(1);
    await expect(page.getByText(`Uploaded: 1600 × 1200 px, ${kb} KB, metadata removed.`)).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.locator('#blog-form-status')).toHaveText('');
    await expect(picker).toBeEnabled();
    await page.screenshot({ path: test.info().outputPath(`upload-preview-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page);

    // A decompression bomb: the server's own message, the form as it was.
    await page.unroute('**/api/ipfs/upload-image');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/ipfs/upload-image'));
    await picker.setInputFiles({ name: 'bomb.png', mimeType: 'image/png', buffer: pngBomb() });
    const refusal = await refused;
    expect(refusal.status()).toBe(413);
    const { message } = (await refusal.json()) as { message: string };
    expect(message).toContain('too many pixels');
    await expect(page.locator('#blog-media-error')).toHaveText(message);
    await expect(page.locator('#blog-form-status')).toHaveText(message);
    await expect(picker).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Title')).toHaveValue('Typed before the upload');
    await page.screenshot({ path: test.info().outputPath(`upload-refused-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page);
  });
}
