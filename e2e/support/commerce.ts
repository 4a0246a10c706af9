import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** India's offset from UTC (the site's booking zone; the api's is shared/contracts/booking-policy). */
export const IST_OFFSET_MS = 330 * 60_000;

export interface Buyer {
  username: string;
  email: string;
  password: string;
}

export const newBuyer = (): Buyer => {
  const username = `buyer-${randomBytes(4).toString('hex')}`;
  return { username, email: `${username}@example.com`, password: 'e2e buyer password' };
};

/**
 * Headers that make a request come from an address of its own (the test server trusts its loopback
 * proxy): the whole suite signing up from one address would meet the per-address sign-up limit.
 */
export const fromNewAddress = () => ({ 'x-forwarded-for': `10.${randomBytes(3).join('.')}` });

/** Registers a buyer through the api and returns an access token (for api calls made by the test). */
export async function registerBuyer(page: Page, buyer = newBuyer()): Promise<Buyer & { token: string }> {
  const headers = fromNewAddress();
  expect((await page.request.post('/api/users/register', { data: buyer, headers })).status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { data: { username: buyer.username, password: buyer.password }, headers });
  expect(login.ok()).toBe(true);
  return { ...buyer, token: ((await login.json()) as { accessToken: string }).accessToken };
}

async function postJson<T>(path: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${process.env.E2E_BASE_URL}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new buyer pays for a package through the sandbox checkout, as the card holder would; answers the buyer's username. */
export async function paidSandboxOrder(packageId: string, price: number): Promise<string> {
  const { username, email, password } = newBuyer();
  const address = fromNewAddress();
  await postJson('/users/register', { username, email, password }, undefined, address);
  const { accessToken } = await postJson<{ accessToken: string }>('/auth/login', { username, password }, undefined, address);
  const order = await postJson<{ razorpayOrderId: string }>('/orders/create-order', { package_id: packageId, amount: price }, accessToken);
  await postJson('/payments/sandbox/settle', { razorpay_order_id: order.razorpayOrderId, outcome: 'paid' });
  return username;
}

/**
 * A signed-in buyer: the login above set the refresh cookie in the browser's context, so the
 * page's silent refresh on load signs in.
 */
export const signedInBuyer = (page: Page) => registerBuyer(page);

/** The newest outbox message to `email`, as stored. */
async function newestRawMailTo(email: string): Promise<string | undefined> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort().reverse();
  for (const file of files) {
    const raw = await readFile(path.join(outbox, file), 'utf8');
    if (new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) return raw;
  }
  return undefined;
}

const quotedPrintable = (text: string) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The newest outbox message to `email`, quoted-printable decoded. */
export async function newestMailTo(email: string): Promise<string | undefined> {
  const raw = await newestRawMailTo(email);
  return raw === undefined ? undefined : quotedPrintable(raw);
}

/**
 * The newest message to `email` once its decoded text matches `pattern` (waits for it): base64
 * parts (an attached invitation) and quoted-printable ones decoded, folded header lines unfolded.
 */
export async function mailTo(email: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const raw = (await newestRawMailTo(email)) ?? '';
        const parts = raw.replace(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+?)(?=\r?\n--)/g, (_m, b64: string) =>
          Buffer.from(b64.replace(/\s+/g, ''), 'base64').toString('utf8'),
        );
        found = quotedPrintable(parts).replace(/\r?\n(?=[ \t])/g, '');
        return pattern.test(found);
      },
      { message: `no mail to ${email} matching ${pattern}`, timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

/**
 * A bookable start `days` ahead (IST), at a random quarter hour between 9:00 and 16:45. Bookings
 * last the whole run, so each test that holds a slot through the api takes a day no other test
 * uses (the form moves a taken time to the next free one once it knows the taken times).
 */
export function futureSlot(days: number): { iso: string; typed: string } {
  const quarter = Math.floor(Math.random() * 32); // 9:00 … 16:45
  const ist = new Date(Date.now() + IST_OFFSET_MS + days * 86_400_000);
  const hours = 9 + Math.floor(quarter / 4);
  const minutes = (quarter % 4) * 15;
  const utc = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), hours, minutes) - IST_OFFSET_MS;
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(ist);
  const h12 = hours > 12 ? hours - 12 : hours;
  const typed = `${month} ${ist.getUTCDate()}, ${ist.getUTCFullYear()} ${h12}:${String(minutes).padStart(2, '0')} ${hours >= 12 ? 'PM' : 'AM'}`;
  return { iso: new Date(utc).toISOString(), typed };
}

/** "December 22, 2026 9:15 AM": how the booking form's field writes an IST start (and accepts it typed). */
export function typedIst(iso: string): string {
  const ist = new Date(Date.parse(iso) + IST_OFFSET_MS);
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(ist);
  const hours = ist.getUTCHours();
  const h12 = hours > 12 ? hours - 12 : hours || 12;
  return `${month} ${ist.getUTCDate()}, ${ist.getUTCFullYear()} ${h12}:${String(ist.getUTCMinutes()).padStart(2, '0')} ${hours >= 12 ? 'PM' : 'AM'}`;
}

/**
 * A start the slot api offers for `packageId`, `days` or more ahead (IST), at random among that
 * day's: a fixed date may be a day off, and each test should take a time no other test takes.
 */
export async function offeredSlot(page: Page, packageId: string, days: number): Promise<{ iso: string; typed: string; when: string }> {
  const day = (ahead: number) => new Date(Date.now() + IST_OFFSET_MS + ahead * 86_400_000).toISOString().slice(0, 10);
  const answer = await page.request.get('/api/bookings/slots', { params: { package_id: packageId, from: day(days), to: day(days + 7) } });
  expect(answer.ok()).toBe(true);
  const { slots } = (await answer.json()) as { slots: string[] };
  const first = slots.filter((slot) => slot.slice(0, 10) === slots[0]!.slice(0, 10));
  expect(first.length, 'no free start in that week').toBeGreaterThan(0);
  const iso = first[Math.floor(Math.random() * first.length)]!;
  return { iso, typed: typedIst(iso), when: `${typedIst(iso).replace(/ (\d{1,2}:\d{2} [AP]M)$/, ' at $1')} IST` };
}

/** A new buyer on `/#pricing` with the Starter call's booking form open and its date picker shown. */
export async function openStarterDatePicker(page: Page) {
  await signedInBuyer(page);
  await page.goto('/#pricing');
  const starter = page.locator('#pricing').getByRole('article', { name: 'Starter Strategy Call' });
  await starter.getByRole('button', { name: 'Book Now' }).click();
  await starter.getByLabel('Date and time (IST)').click();
  const popup = page.locator('.react-datepicker');
  await expect(popup.getByText('Time (IST)')).toBeVisible();
  return { starter, popup };
}
