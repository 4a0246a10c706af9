import type { Page } from '@playwright/test';

/** A 1600×1200 photo-like JPEG drawn by the page's browser itself (no file committed). */
export async function drawnPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
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
  });
  return Buffer.from(base64, 'base64');
}
