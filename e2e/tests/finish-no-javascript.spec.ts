// The plain Playwright test: the fixtures' wait for the shell to start has nothing to wait for here.
import { expect, test, type Page } from '@playwright/test';

// The finish a launch needs (issue 44), item 8: without JavaScript the booking section says why it
// cannot book, the notes pages show are the site's, and the header hides nothing once scrolled.
test.use({ javaScriptEnabled: false });

/** The contrast of two sRGB colours, as WCAG counts it. */
function contrast(a: number[], b: number[]): number {
  const lum = (rgb: number[]) => {
    const [r, g, bl] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
const rgba = (css: string) => (/rgba?\(([^)]+)\)/.exec(css)?.[1] ?? '0,0,0,0').split(/[\s,/]+/).filter(Boolean).map(Number);

/** The header's background alpha and its text's contrast against it, as painted now. */
const headerPaint = (page: Page) =>
  page.getByRole('banner').evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, color: getComputedStyle(el.querySelector('a')!).color }));

// ——— Item 8: without JavaScript ———

for (const width of [320, 390, 1280]) {
  test(`at ${width}px the booking section shows the packages and says booking needs JavaScript; the notes are styled; the header is solid when scrolled`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const pricing = page.locator('#pricing');
    await expect(pricing.getByRole('article', { name: 'Starter Strategy Call' })).toContainText('₹1,200');
    // (Text matching skips what is inside <noscript>: the note is found by its class.)
    const note = pricing.locator('.no-js');
    await expect(note).toBeVisible();
    await expect(note).toHaveText('Booking needs JavaScript, which is turned off in this browser. To book a consultation, write to us at hello@tinytitans.ai.');
    await expect(note.locator('a[href="mailto:hello@tinytitans.ai"]')).toBeVisible();

    // The notes are the site's, not bare text: a panel of their own, within the screen.
    const footerNote = page.locator('body > noscript .no-js');
    await expect(footerNote).toHaveText(/This site needs JavaScript to run\./);
    for (const box of [note, footerNote]) {
      const look = await box.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, padding: getComputedStyle(el).paddingLeft, right: el.getBoundingClientRect().right }));
      expect(rgba(look.background)[3] ?? 1).toBe(1);
      expect(parseFloat(look.padding)).toBeGreaterThanOrEqual(12);
      expect(look.right).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // Scrolled, the header covers what passes under it: opaque, its text readable.
    await pricing.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const paint = await headerPaint(page);
    const bg = rgba(paint.background);
    expect(bg[3] ?? 1).toBe(1);
    expect(contrast(bg.slice(0, 3), rgba(paint.color).slice(0, 3))).toBeGreaterThanOrEqual(4.5);
    await page.screenshot({ path: test.info().outputPath(`no-js-home-${width}.png`) });
  });
}

test('at 390px the login page says the site needs JavaScript in a styled note', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/login');
  const note = page.locator('.no-js');
  await expect(note).toHaveText('This site needs JavaScript to run. Reach us at hello@tinytitans.ai.');
  const look = await note.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, left: el.getBoundingClientRect().left, right: el.getBoundingClientRect().right }));
  expect(rgba(look.background)[3] ?? 1).toBe(1);
  expect(look.left).toBeGreaterThanOrEqual(8);
  expect(look.right).toBeLessThanOrEqual(390 - 8);
});
