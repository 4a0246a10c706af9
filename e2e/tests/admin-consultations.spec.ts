import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/fixtures';
import { catalogue } from '../support/content-api';
import { expectNoAxeViolations, signInAsAdmin } from '../support/admin-session';

interface Consultation {
  id: string;
  name: string;
  price: number | null;
}

// A package of its own, last in the pricing section, so that specs running alongside keep the
// seeded packages and prices they expect.
test('an admin changes a consultation price and the home page shows it at once', async ({ page }) => {
  const name = `Team Workshop ${randomUUID().slice(0, 6)}`;
  const pkg = await catalogue<Consultation>('POST', '', { name, description: 'Half a day with your team.', price: 3000, duration: 120, benefits: ['Hands-on session'], position: 900 });
  try {
    await page.goto('/#pricing');
    await expect(page.locator('#pricing').getByRole('article', { name })).toContainText('₹3,000');

    await signInAsAdmin(page, '/admin/consultations');
    await expect(page.getByRole('heading', { name: 'Consultations', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('₹3,000');
    await expect(page.getByRole('row').filter({ hasText: 'Starter Strategy Call' })).toContainText('₹1,200');
    await expectNoAxeViolations(page);

    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit Consultation' })).toBeVisible();
    const price = page.getByLabel('Price (INR)');
    await expect(price).toHaveValue('3000');
    await expectNoAxeViolations(page);
    await price.fill('12.5');
    await page.getByRole('button', { name: 'Save Consultation' }).click();
    await expect(page.getByText('Price must be whole rupees, at least 1.')).toBeVisible();
    await price.fill('3456');
    await page.getByRole('button', { name: 'Save Consultation' }).click();
    await expect(page.getByRole('status').getByText('Consultation package updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/consultations$/);
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('₹3,456');

    // The home page's HTML carries the catalogue it was rendered with: the new price, so the kept
    // page and the kept read were both forgotten.
    const html = await (await fetch(`${process.env.E2E_BASE_URL}/`)).text();
    const preloaded = /<script id="preloaded-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
    const served = (JSON.parse(preloaded ?? '{}') as Record<string, Consultation[]>)['/bookings/packages'];
    expect(served?.find((entry) => entry.name === name)?.price).toBe(3456);
    await page.goto('/#pricing');
    await expect(page.locator('#pricing').getByRole('article', { name })).toContainText('₹3,456');
  } finally {
    await catalogue('PATCH', `/${pkg.id}`, { is_active: false });
  }
});
