import type { Page } from '@playwright/test';
import { expect, openInApp, test } from '../support/fixtures';
import { createEvent, createPackage, uniqueSlug } from '../support/content-api';

const start = new Date(Date.UTC(2031, 2, 10, 9, 30));
const fakeEvent = (n: number, endHours: number | null = 3) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  slug: `fake-event-${n}`,
  title: `Fake event ${n}`,
  description: `${'Long description. '.repeat(20)}end`,
  location: `Room ${n}`,
  start_time: new Date(start.getTime() + n * 86_400_000).toISOString(),
  end_time: endHours === null ? null : new Date(start.getTime() + n * 86_400_000 + endHours * 3_600_000).toISOString(),
  registration_deadline: null,
  payment_required: false,
  status: 'published',
  created_by: '00000000-0000-4000-8000-000000000000',
  created_at: start.toISOString(),
  updated_at: start.toISOString(),
  packages_ids: [],
});

async function serveEvents(page: Page, events: unknown[]) {
  await page.route('**/api/events?**', (route) => route.fulfill({ json: events }));
}

const carousel = (page: Page) => page.getByRole('region', { name: 'Events carousel' });
const cardTitles = (page: Page) => carousel(page).getByRole('listitem').locator('h3');

test('the events carousel wraps around at both ends', async ({ page }) => {
  await serveEvents(page, [1, 2, 3, 4].map((n) => fakeEvent(n)));
  await openInApp(page, '/community');
  await expect(cardTitles(page)).toHaveText(['Fake event 1', 'Fake event 2', 'Fake event 3']);
  await expect(carousel(page).getByText('1 of 4')).toBeVisible();
  await carousel(page).getByRole('button', { name: 'Previous events' }).click();
  await expect(cardTitles(page)).toHaveText(['Fake event 4', 'Fake event 1', 'Fake event 2']);
  await expect(carousel(page).getByText('4 of 4')).toBeVisible();
  await carousel(page).getByRole('button', { name: 'Next events' }).click();
  await carousel(page).getByRole('button', { name: 'Next events' }).click();
  await expect(cardTitles(page).first()).toHaveText('Fake event 2');
  // Card previews are cut at 150 characters.
  const text = await carousel(page).getByRole('listitem').first().locator('p').textContent();
  expect(text?.length).toBe(151);
  expect(text?.endsWith('…')).toBe(true);
});

test('an event opens in a modal that locks scrolling, traps focus and closes with Escape', async ({ page }) => {
  await serveEvents(page, [fakeEvent(1), fakeEvent(2, null)]);
  await openInApp(page, '/community');
  const overflow = () =>
    page.evaluate(() => [getComputedStyle(document.documentElement).overflow, getComputedStyle(document.body).overflow]);
  expect(await overflow()).not.toContain('hidden');

  const opener = cardTitles(page).nth(1);
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Fake event 2' });
  await expect(dialog).toBeVisible();
  expect(await overflow()).toEqual(['hidden', 'hidden']);
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  // No end time: the calendar entry lasts two hours.
  const calendar = new URL((await dialog.getByRole('link', { name: 'Add to calendar' }).getAttribute('href'))!);
  expect(calendar.origin + calendar.pathname).toBe('https://calendar.google.com/calendar/render');
  expect(calendar.searchParams.get('action')).toBe('TEMPLATE');
  expect(calendar.searchParams.get('text')).toBe('Fake event 2');
  expect(calendar.searchParams.get('dates')).toBe('20310312T093000Z/20310312T113000Z');
  expect(calendar.searchParams.get('location')).toBe('Room 2');
  await expect(dialog.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('target', '_blank');
  // Times are shown in India's zone, the visitor's own beside them.
  await expect(dialog).toContainText(/ IST\s*Your time: .* (UTC|GMT)/);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await overflow()).not.toContain('hidden');
  await expect(carousel(page).getByRole('button', { name: 'View details: Fake event 2' })).toBeFocused();

  // Keyboard: the card's own button opens the same modal.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');

  await cardTitles(page).first().click();
  await page.getByRole('dialog').getByRole('link', { name: 'Register Now' }).click();
  await expect(page).toHaveURL(/\/event\/fake-event-1$/);
  expect(await overflow()).not.toContain('hidden');
});

test('event cards are articles with a heading and one short-named button (no heading in a button)', async ({ page }) => {
  await serveEvents(page, [fakeEvent(1), fakeEvent(2)]);
  await openInApp(page, '/community');
  const card = carousel(page).getByRole('article', { name: 'Fake event 1' });
  await expect(card.getByRole('heading', { level: 3, name: 'Fake event 1' })).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(1);
  await expect(card.getByRole('button', { name: 'View details: Fake event 1' })).toHaveAttribute('aria-haspopup', 'dialog');
  expect(await carousel(page).locator('button h3, button p').count()).toBe(0);
});

test('when events cannot be loaded, sample events are shown with a note and cannot lead to Event not found.', async ({ page }) => {
  await page.route('**/api/events**', (route) => route.abort());
  await openInApp(page, '/community');
  await expect(page.getByText('Note: Showing sample events. Live event data may be unavailable.')).toBeVisible();
  await expect(cardTitles(page).first()).toHaveText(/^Sample event:/);
  await cardTitles(page).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Register Now' })).toBeDisabled();
  await expect(dialog.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
  await expect(dialog).toContainText('This is a sample event, so registration is not open.');
});

test('when there are no events, sample events are shown without the note', async ({ page }) => {
  await serveEvents(page, []);
  await openInApp(page, '/community');
  await expect(cardTitles(page).first()).toHaveText(/^Sample event:/);
  await expect(page.getByText('Note: Showing sample events.', { exact: false })).toHaveCount(0);
});

test('an event page shows its details and a Register button per package', async ({ page }) => {
  const event = await createEvent({ title: 'E2E Summit', location: 'Hall 7', end_time: new Date(Date.now() + 7 * 86_400_000 + 7_200_000).toISOString() });
  const ticket = await createPackage({ name: 'Summit Seat', price: 250, package_type: 'event', event_id: event.id, capacity: 10 });
  await page.goto(`/event/${event.slug}`);
  await expect(page.locator('main h1')).toHaveText('E2E Summit');
  await expect(page).toHaveTitle('E2E Summit | Tiny Titans AI');
  await expect(page.getByText('Hall 7')).toBeVisible();
  await expect(page.getByRole('term')).toHaveText(['Starts', 'Ends', 'Location']);
  await expect(page.getByRole('heading', { name: 'Tickets & Packages' })).toBeVisible();
  await page.getByRole('link', { name: 'Register: Summit Seat' }).click();
  await expect(page).toHaveURL(new RegExp(`/packages/${ticket.slug}$`));
});

test('an event without packages says so', async ({ page }) => {
  const event = await createEvent({ title: 'Bare Event' });
  await page.goto(`/event/${event.slug}`);
  await expect(page.getByRole('heading', { name: 'Tickets & Packages' })).toBeVisible();
  await expect(page.getByText('No tickets/packages available yet.')).toBeVisible();
});

test('a missing or unpublished event shows Event not found.', async ({ page }) => {
  await page.goto(`/event/${uniqueSlug('missing')}`);
  await expect(page.getByText('Event not found.')).toBeVisible();
  const draft = await createEvent({ title: 'Hidden draft', status: 'draft' });
  await page.goto(`/event/${draft.slug}`);
  await expect(page.getByText('Event not found.')).toBeVisible();
});

test('the event page shows a loading state', async ({ page }) => {
  // The answer is held until the loading state has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/events/search**', async (route) => {
    await held;
    await route.continue();
  });
  await openInApp(page, '/event/sample-ai-agents-workshop');
  await expect(page.getByRole('status').filter({ hasText: 'Loading event…' })).toBeVisible();
  release();
  await expect(page.locator('main h1')).toHaveText('Sample event: AI Agents Workshop');
});

test('the event dialog covers the site header too', async ({ page }) => {
  await page.goto('/community');
  await page.getByRole('button', { name: /View details/ }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The element at the header's position is the dialog's backdrop, not the header.
  const onTop = await page.evaluate(() => {
    const header = document.querySelector('header');
    const box = header!.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit ? header!.contains(hit) : true;
  });
  expect(onTop).toBe(false);
});

test.describe('seen from India', () => {
  test.use({ timezoneId: 'Asia/Kolkata', viewport: { width: 390, height: 844 } });

  test('the sample afternoon workshop starts at 2:00 pm, not in the early morning', async ({ page }) => {
    await page.goto('/event/sample-ai-agents-workshop');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('AI Agents Workshop');
    const fact = (name: string) => page.locator('dt', { hasText: name }).locator('+ dd');
    await expect(fact('Starts')).toContainText(/ at 2:00 PM IST$/);
    await expect(fact('Ends')).toContainText(/ at 5:00 PM IST$/);
  });
});
