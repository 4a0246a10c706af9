import { crc32 } from 'node:zlib';
import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations, signInAsAdmin } from '../support/admin-session';

/** A PNG whose header claims 20000×20000 pixels over a few bytes: the api refuses it with 413. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
}

for (const width of [390, 1280]) {
  test(`at ${width} px, a chosen photo shows its upload's progress, then the stored image with its size and weight; a refused one says why`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page, '/admin/blogs/new');
    await expect(page.getByRole('heading', { name: 'Upload a New Blog', level: 1 })).toBeVisible();
    // A 1600×1200 photo-like JPEG drawn by the browser itself (no file committed).
    const photo = Buffer.from(
      await page.evaluate(async () => {
        const canvas = Object.assign(document.createElement('canvas'), { width: 1600, height: 1200 });
        const context = canvas.getContext('2d')!;
        const gradient = context.createLinearGradient(0, 0, 1600, 1200);
        gradient.addColorStop(0, '#1d3557');
        gradient.addColorStop(1, '#e9c46a');
        context.fillStyle = gradient;
        context.fillRect(0, 0, 1600, 1200);
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/jpeg', 0.9));
        let text = '';
        for (const byte of new Uint8Array(await blob.arrayBuffer())) text += String.fromCharCode(byte);
        return btoa(text);
      }),
      'base64',
    );
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
