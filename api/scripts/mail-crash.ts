/**
 * E-mail survives a killed process (issue 29): the compiled api (`node dist/server.js`, on PGlite)
 * sends to a mail server this script runs. Bookings are paid in the sandbox through the api, then:
 *   1. the mail server is down while bookings are paid; the api is killed with SIGKILL, started
 *      again, and the mail server comes back: every message arrives, once;
 *   2. the api is killed mid-send, while the mail server holds its answer to the messages it is
 *      sending: after the restart every message arrives exactly once.
 * (A crash after the server's answer but before it was recorded is api/test/jobs-smtp.test.ts's.)
 * A message counts as delivered when the server answered 250 on a connection still open.
 * Part of `pnpm test:resilience`; fails (exit 1) on a lost or doubled message.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startServer, type RunningServer } from '@site/test-support/server';
import { header, SmtpSink } from '@site/test-support/smtp-sink';
import { until } from '@site/test-support/until';

const STARTER_PACKAGE = '6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01';
const ADMIN = { username: 'crash-admin', email: 'crash-admin@example.com', password: 'crash test admin password' };
const BUYER = { username: 'crash-buyer', email: 'crash-buyer@example.com', password: 'crash test buyer password' };
/** How long the whole run may wait for the mail to settle (a killed attempt is retried once it expires). */
const SETTLE_MS = 6 * 60_000;
const settled = (check: () => boolean | Promise<boolean>, what: string) => until(check, what, SETTLE_MS, 250);

const sink = new SmtpSink();
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-crash-'));
const base = `http://127.0.0.1:${port}`;
let api: RunningServer | undefined;

/** The api on the same port and DATA_DIR each time, as a restarted process. */
async function startApi(): Promise<void> {
  api = await startServer(
    {
      PUBLIC_URL: 'http://localhost',
      LOG_LEVEL: 'error',
      SMTP_URL: sink.url,
      PAYMENTS_SANDBOX: '1',
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_RETRY_DELAY_MAX_SECONDS: '5',
      JOBS_POLL_SECONDS: '1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    { port, dataDir, readyTimeoutMs: 300_000, showErrors: true },
  );
}

async function call<T>(method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}/api${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const login = async ({ username, password }: { username: string; password: string }) =>
  (await call<{ accessToken: string }>('POST', '/auth/login', { username, password })).accessToken;

/** A start `n` days ahead at 10:00 IST. */
function slot(n: number): string {
  const istMs = 330 * 60_000;
  const ist = new Date(Date.now() + istMs);
  return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + n, 10, 0) - istMs).toISOString();
}

let nextDay = 3;
let lastRefusal = '';
/** Books and pays one consultation; each sends the buyer a confirmation and the consultancy a notice. */
async function payBooking(token: string): Promise<void> {
  // A week holds bookable days: more refusals than that is a defect, said rather than looped on.
  for (let attempt = 0; attempt < 7; attempt += 1) {
    const start = slot(nextDay++);
    const response = await fetch(`${base}/api/orders/create-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ package_id: STARTER_PACKAGE, amount: 1200, start_time: start, email: BUYER.email }),
    });
    // A day the calendar does not offer (a weekend): the next one.
    if (response.status === 400 || response.status === 409) {
      lastRefusal = `${response.status} ${await response.text()}`;
      continue;
    }
    if (!response.ok) throw new Error(`create-order: ${response.status} ${await response.text()}`);
    const order = (await response.json()) as { razorpayOrderId: string };
    await call('POST', '/payments/sandbox/settle', { razorpay_order_id: order.razorpayOrderId, outcome: 'paid' });
    return;
  }
  throw new Error(`create-order refused seven days in a row, last: ${lastRefusal}`);
}

const confirmations = () => sink.received.filter((raw) => header(raw, 'To').includes(BUYER.email) && header(raw, 'Subject').startsWith('Booking confirmed')).length;
const doubles = () => {
  const seen = new Map<string, number>();
  for (const raw of sink.received) {
    const key = `${header(raw, 'To')}|${header(raw, 'Subject')}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([key, n]) => `${key} ×${n}`);
};
/** The admin's token, signed in once (sign-ins are rate limited); it outlives a restart. */
let adminToken: string | undefined;
async function mailCounts(): Promise<{ pending: number; failed: number; sent: number }> {
  adminToken ??= await login(ADMIN);
  return (await call<{ counts: { pending: number; failed: number; sent: number } }>('GET', '/admin/mail', undefined, adminToken)).counts;
}

let failure: unknown;
try {
  await sink.start();
  await startApi();
  await call('POST', '/users/register', BUYER);
  const buyer = await login(BUYER);

  // 1. The mail server is down while bookings are paid; the api is killed and started again.
  const DOWN = 4;
  await sink.stop();
  for (let n = 0; n < DOWN; n++) await payBooking(buyer);
  await api!.kill();
  await startApi();
  const back = Date.now();
  await sink.start();
  await settled(() => confirmations() === DOWN, `${DOWN} confirmations after the mail server's return`);
  console.log(`mail server down, api killed: ${DOWN} confirmations arrived ${((Date.now() - back) / 1000).toFixed(1)} s after the mail server's return`);

  // 2. Killed mid-send: the mail server has the next messages but holds its answer when the kill comes.
  const MID = 6;
  await settled(async () => (await mailCounts()).pending === 0, 'the first messages to be settled');
  const before = sink.received.length;
  sink.holdAfter = before;
  for (let n = 0; n < MID; n++) await payBooking(buyer);
  await settled(() => sink.held.length >= MID, 'messages held mid-send');
  await api!.kill();
  // Their connections died with the api: never answered, none counts.
  const held = sink.held.splice(0).length;
  sink.holdAfter = Infinity;
  const restarted = Date.now();
  await startApi();
  await settled(() => confirmations() === DOWN + MID, `${DOWN + MID} confirmations after the restart`);
  await settled(async () => {
    const counts = await mailCounts();
    return counts.pending === 0 && counts.failed === 0;
  }, 'every message to be settled');
  console.log(
    `killed mid-send with ${held} messages unanswered: all ${sink.received.length - before} messages of ${MID} bookings arrived, ` +
      `${((Date.now() - restarted) / 1000).toFixed(1)} s after the restart`,
  );
  const doubled = doubles();
  if (doubled.length > 0) throw new Error(`messages delivered more than once: ${doubled.join(', ')}`);
  console.log(`${sink.received.length} messages delivered, none twice`);
} catch (error) {
  failure = error;
} finally {
  await api?.kill();
  await sink.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failure) {
  console.error(failure);
  process.exit(1);
}
process.exit(0);
