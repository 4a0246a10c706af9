import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No axe violation on the page as it settles. Axe reads colours as painted: a toast still fading in
 * reads as low contrast, so the page's running animations and transitions finish first (endless
 * ones, such as a spinner, are not waited for).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const running = () => document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    // A transition starts a frame or two after what causes it (a toast is marked mounted after its first paint).
    for (let settled = false; !settled; ) {
      await frame();
      await frame();
      const now = running();
      settled = now.length === 0;
      await Promise.all(now.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
