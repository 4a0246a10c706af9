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
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STARTER_PACKAGE = '6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01';
const ADMIN = { username: 'crash-admin', email: 'crash-admin@example.com', password: 'crash test admin password' };
const BUYER = { username: 'crash-buyer', email: 'crash-buyer@example.com', password: 'crash test buyer password' };
/** How long the whole run may wait for the mail to settle (a killed attempt is retried once it expires). */
const SETTLE_MS = 6 * 60_000;

/** A mail server that can be down, or hold its answers, and records what it accepted. */
class Sink {
  readonly delivered: { to: string; subject: string }[] = [];
  readonly held: (() => void)[] = [];
  /** Once this many messages are delivered, the next ones wait for their answer in `held`. */
  holdAfter = Infinity;
  #closed = new Set<string>();
  #server: SMTPServer | undefined;
  port = 0;

  async start(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onClose: (session: SMTPServerSession) => void this.#closed.add(session.id),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8').replace(/\r?\n[ \t]+/g, ' ');
          const accept = () => {
            // Accepted only if the sender is still there to hear it.
            if (this.#closed.has(session.id)) return;
            this.delivered.push({ to: /^To: (.*)$/m.exec(raw)?.[1]?.trim() ?? '', subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '' });
            callback();
          };
          if (this.delivered.length >= this.holdAfter) this.held.push(accept);
          else accept();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = SETTLE_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const sink = new Sink();
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-crash-'));
const base = `http://127.0.0.1:${port}`;
let child: ChildProcess | undefined;

async function startApi(): Promise<void> {
  child = spawn(process.execPath, ['dist/server.js'], {
    cwd: apiDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost',
      LOG_LEVEL: 'error',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      PAYMENTS_SANDBOX: '1',
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_RETRY_DELAY_MAX_SECONDS: '5',
      JOBS_POLL_SECONDS: '1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const running = child;
  await until(async () => {
    if (running.exitCode !== null) throw new Error('the api exited before it was ready');
    return fetch(`${base}/api/health/ready`).then((r) => r.ok, () => false);
  }, 'the api to be ready', 300_000);
}

async function killApi(): Promise<void> {
  const running = child!;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGKILL');
  await exited;
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

const confirmations = () => sink.delivered.filter((m) => m.to.includes(BUYER.email) && m.subject.startsWith('Booking confirmed')).length;
const doubles = () => {
  const seen = new Map<string, number>();
  for (const m of sink.delivered) seen.set(`${m.to}|${m.subject}`, (seen.get(`${m.to}|${m.subject}`) ?? 0) + 1);
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
  await killApi();
  await startApi();
  const back = Date.now();
  await sink.start();
  await until(() => confirmations() === DOWN, `${DOWN} confirmations after the mail server's return`);
  console.log(`mail server down, api killed: ${DOWN} confirmations arrived ${((Date.now() - back) / 1000).toFixed(1)} s after the mail server's return`);

  // 2. Killed mid-send: the mail server has the next messages but holds its answer when the kill comes.
  const MID = 6;
  await until(async () => (await mailCounts()).pending === 0, 'the first messages to be settled');
  const before = sink.delivered.length;
  sink.holdAfter = before;
  for (let n = 0; n < MID; n++) await payBooking(buyer);
  await until(() => sink.held.length >= MID, 'messages held mid-send');
  await killApi();
  // Their connections died with the api: never answered, none counts.
  const held = sink.held.splice(0).length;
  sink.holdAfter = Infinity;
  const restarted = Date.now();
  await startApi();
  await until(() => confirmations() === DOWN + MID, `${DOWN + MID} confirmations after the restart`);
  await until(async () => {
    const counts = await mailCounts();
    return counts.pending === 0 && counts.failed === 0;
  }, 'every message to be settled');
  console.log(
    `killed mid-send with ${held} messages unanswered: all ${sink.delivered.length - before} messages of ${MID} bookings arrived, ` +
      `${((Date.now() - restarted) / 1000).toFixed(1)} s after the restart`,
  );
  const doubled = doubles();
  if (doubled.length > 0) throw new Error(`messages delivered more than once: ${doubled.join(', ')}`);
  console.log(`${sink.delivered.length} messages delivered, none twice`);
} catch (error) {
  failure = error;
} finally {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await sink.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failure) {
  console.error(failure);
  process.exit(1);
}
process.exit(0);
