import { expect, test } from '../support/fixtures';
import { openStarterDatePicker } from '../support/commerce';

test.use({ viewport: { width: 390, height: 844 } });

for (const width of [320, 390]) {
  test(`at ${width}px the date picker with its times stays on screen and scrolling the times never moves the page`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    const { popup } = await openStarterDatePicker(page);
    for (const part of [popup, popup.locator('.react-datepicker__time-list')]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const list = popup.locator('.react-datepicker__time-list');
    await list.hover();
    await page.mouse.wheel(0, 200);
    await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    if (width === 390) await page.screenshot({ path: test.info().outputPath('date-picker-390.png') });
  });
}
