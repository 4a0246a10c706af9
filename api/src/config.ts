import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';
import { TrustProxySchema } from './trust-proxy';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();
const optionalUrl = (protocols: RegExp) =>
  optionalString.refine((value) => value === undefined || (URL.canParse(value) && protocols.test(value)), {
    message: 'must be a valid URL',
  });

/**
 * A comma-separated list of https/wss origins (e.g. "https://api.agent.example, wss://rt.agent.example"),
 * read as a list of canonical origins; a path, a query or another scheme is refused.
 */
const originList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const items = (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
    const origins: string[] = [];
    for (const item of items) {
      const url = URL.canParse(item) ? new URL(item) : null;
      const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      if (!url || !/^(https|wss):$/.test(url.protocol) || !bare) {
        ctx.addIssue({ code: 'custom', message: `"${item}" is not an https or wss origin` });
        return z.NEVER;
      }
      origins.push(`${url.protocol}//${url.host}`);
    }
    return [...new Set(origins)];
  });

/**
 * How a setting is documented: the README's Configuration table is written from these
 * (api/scripts/config-table.ts). `description` is its meaning (`.describe()` when that is all);
 * `defaultText` the default in words where the schema's own value would not say it; `with` the
 * settings described on the same line.
 */
export interface ConfigDoc {
  description: string;
  defaultText?: string;
  with?: readonly string[];
}

/** Every setting the api reads, all optional, each with its meaning. */
export const ConfigFields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production').describe("`development` or `test` make the server renderer load React's and styled-components' development builds"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('HTTP port'),
  HOST: z.string().trim().min(1).default('0.0.0.0').describe('interface to listen on'),
  HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional().meta({ description: 'a port of its own for `/api/health/live` and `/api/health/ready` (nothing else is served there), so probes are answered while `PORT` is flooded (decision 075)', defaultText: 'none (off)' }),
  DATA_DIR: z.string().trim().min(1).default(path.join(REPO_ROOT, 'data')).meta({ description: 'embedded database, mail outbox, uploaded media (on PostgreSQL, media are in the database). A new embedded database is made in a short-lived child process from a template kept in `api/node_modules/.cache/pglite-template` (decision 016)', defaultText: '`./data`' }),
  WEB_ROOT: z.string().trim().min(1).default(REPO_ROOT).meta({ description: 'where the built front ends are served and rendered from (`shell/dist`, `mfe-*/dist` with their `dist/server/`, `assistant-widget/dist`)', defaultText: 'the repository' }),
  PUBLIC_URL: optionalUrl(/^https?:/).meta({ description: "the site's public address: links in e-mails are built from it, never from request headers; enables HSTS when https", defaultText: '`http://localhost:PORT` in e-mails (warned at start)' }),
  TRUST_PROXY: TrustProxySchema.meta({ description: 'reverse proxies allowed to set `X-Forwarded-For/-Host/-Proto`: a comma-separated list of proxy addresses/CIDRs (e.g. `10.0.0.0/8`), or `true` (any peer: only when nothing reaches the api except through the proxy); unset or `false` ignores those headers, since a client could forge its address and dodge per-address limits. Hop counts are refused (Fastify cannot check them)', defaultText: 'not trusted' }),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:/).describe('PostgreSQL 15+ instead of the embedded PGlite'),
  JWT_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, {
    message: 'must be at least 32 characters',
  }).meta({ description: 'access-token signing key (≥ 32 characters)', defaultText: 'generated, kept in the database' }),
  ADMIN_USERNAME: optionalString.meta({ description: 'create or update this admin at start', with: ['ADMIN_EMAIL', 'ADMIN_PASSWORD'] }),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.refine((value) => value === undefined || value.length >= 8, {
    message: 'must be at least 8 characters',
  }),
  SMTP_URL: optionalUrl(/^smtps?:/).meta({ description: 'send mail through SMTP', defaultText: 'outbox files', with: ['MAIL_FROM'] }),
  MAIL_FROM: optionalString,
  NOTIFY_EMAIL: optionalString.pipe(z.email().optional()).meta({ description: 'receives a copy of each consultation booked, moved, cancelled or refunded, with its `.ics`', defaultText: "the site's e-mail (`site-config`)" }),
  RAZORPAY_KEY_ID: optionalString.meta({ description: 'real card payments through Razorpay (orders, Checkout, refunds); the webhook secret is needed for payments whose browser callback is lost. Unset: the embedded sandbox (`/api/payments/sandbox/checkout.js`), which a public site (`PUBLIC_URL` on https, or `NODE_ENV=production` set) refuses to start with unless `PAYMENTS_SANDBOX=1`', defaultText: 'sandbox checkout', with: ['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] }),
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  PAYMENTS_SANDBOX: z.enum(['0', '1']).default('0').transform((value) => value === '1').describe('`1`: a public site may run the payment sandbox (test mode) on purpose, e.g. a demo; unset or `0`, it refuses to start without Razorpay (see above)'),
  GOOGLE_CLIENT_EMAIL: optionalString.meta({ description: 'booked consultations become Google Calendar events (service account; calendar `primary` by default)', defaultText: '.ics invitation by e-mail', with: ['GOOGLE_PRIVATE_KEY', 'GOOGLE_CALENDAR_ID'] }),
  GOOGLE_PRIVATE_KEY: optionalString,
  GOOGLE_CALENDAR_ID: optionalString,
  ORDER_HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(15).describe('how long an unpaid order holds its event seat or consultation slot (1–120)'),
  ORDER_HOLDS_PER_ADDRESS: z.coerce.number().int().min(20).max(100_000).default(20).describe('live unpaid holds allowed from one client address (at least 20; each account has at most 2)'),
  IPFS_API_URL: optionalUrl(/^https?:/).describe("IPFS node (HTTP RPC; a base path and `user:password@` are kept) that also receives each upload, best effort. Media are always served from the site's own store at `/ipfs/<cid>`; `IPFS_GATEWAY_URL` is no longer read (decision 004)"),
  AI_WIDGET_SCRIPT_URL: optionalUrl(/^https:/).meta({ description: 'external voice-agent widget', defaultText: 'built-in assistant', with: ['AI_WIDGET_AGENT_ID'] }),
  AI_WIDGET_AGENT_ID: optionalString,
  AI_WIDGET_CONNECT_ORIGINS: originList.describe('comma-separated `https://` or `wss://` origins the external widget talks to (its api, its socket); added to the CSP `connect-src` (https ones also to `media-src`)'),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0).describe('on SIGTERM, how long `/api/health/ready` answers 503 (requests still served, keep-alive kept; a GET or HEAD from our nginx is answered 503 for it to retry elsewhere) before the listener closes; then each connection finishes its request and closes (decision 013)'),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000).describe("a request's headers (at most 10 s) and body must arrive within this time, else the connection is closed"),
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000).describe('a connection on which no byte moves for this long is closed'),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000).describe('how long an idle keep-alive connection is kept between requests'),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0).meta({ description: 'overload: while the event loop lags by more than this on average (sampled every second), requests are refused at once with 503, `Retry-After` and `{ error: "overloaded", message }`; `/api/health/live` and `/api/metrics` still answer, `/api/health/ready` answers 503 `under_pressure` (decision 075). 0 turns the check off (off by default: PGlite runs its queries on the event loop, so one long query is not an overload)', defaultText: '`0` (off)' }),
  OVERLOAD_MAX_HEAP_MB: z.coerce.number().int().min(0).max(65_536).default(0).meta({ description: 'the same, while the V8 heap in use / resident memory is over this many MiB (0: not checked; resident memory is off by default, since photo processing lifts it for a moment)', defaultText: '`0`, `0` (off)', with: ['OVERLOAD_MAX_RSS_MB'] }),
  OVERLOAD_MAX_RSS_MB: z.coerce.number().int().min(0).max(65_536).default(0),
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(50).describe('the same, for requests over this many admitted and not yet answered (work waiting on the database included, which the event loop does not show); 0 turns it off'),
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3_600).default(5).describe('the `Retry-After` of a shed request; readiness stays 503 for 5 s after the last one'),
  BLOG_VIEWS_FLUSH_MS: z.coerce.number().int().min(100).max(3_600_000).default(2_000).describe("blog views (counted by the page's beacon, decision 037) are gathered in memory and written to the database this often, and on shutdown"),
  VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1).describe("share of page views (0–1) whose visitors' signals (web vitals, client errors) the browser reports by beacon (decision 069)"),
  VITALS_FLUSH_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000).meta({ description: "visitors' signals are added up in memory and written this often; their 5-minute buckets are kept this long, then folded into per-series totals", with: ['VITALS_KEEP_HOURS'] }),
  VITALS_KEEP_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(48),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000).meta({ description: 'PostgreSQL: wait for a connection; longest statement (cancelled by the server, abandoned by the client 1 s later)', with: ['DB_STATEMENT_TIMEOUT_MS'] }),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  JOBS_WORKER: z.enum(['0', '1']).default('1').transform((value) => value === '1').describe('`0`: this instance queues jobs but leaves working them (mail, scheduled backups) to other instances (decision 041)'),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(10).describe('how often an idle worker looks for jobs that became due (delayed ones, retries), 0.5–60; a job sent wakes the workers at once (LISTEN/NOTIFY)'),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(20).meta({ description: "a queued message that could not be sent is retried after about the delay, then twice as long each time up to the maximum, at most the limit's number of times (with the defaults, over more than 24 hours)", with: ['MAIL_RETRY_DELAY_MAX_SECONDS', 'MAIL_RETRY_LIMIT'] }),
  MAIL_RETRY_DELAY_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(1_000).default(32),
  NEWSLETTER_SEND_RATE: z.coerce.number().min(0.1).max(10_000).default(20).meta({ description: 'a post sent to the newsletter is queued this many messages per second, a batch at a time (decision 054)', with: ['NEWSLETTER_BATCH_SIZE'] }),
  NEWSLETTER_BATCH_SIZE: z.coerce.number().int().min(1).max(1_000).default(100),
  BACKUP_KEY: optionalString.refine((value) => value === undefined || /^(AGE-SECRET-KEY-1[0-9A-Z]{58}|age1[0-9a-z]{58})$/.test(value), {
    message: 'must be an age identity (AGE-SECRET-KEY-1…) or recipient (age1…)',
  }).meta({ description: 'an age identity (`AGE-SECRET-KEY-1…`: encrypts and decrypts) or recipient (`age1…`: encrypts only). Archives hold password hashes and signing secrets: set it (`docs/backups.md`)', defaultText: 'archives unencrypted' }),
  BACKUP_DIR: optionalString.meta({ description: 'scheduled backups: where they are written, how many are kept (older ones deleted), hours between two (`0` turns them off)', defaultText: '`DATA_DIR/backups`, `7`, `24`', with: ['BACKUP_KEEP', 'BACKUP_INTERVAL_HOURS'] }),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).max(24 * 31).default(24),
  METRICS_TOKEN: optionalString.refine((value) => value === undefined || value.length >= 16, {
    message: 'must be at least 16 characters',
  }).describe('at least 16 characters: `GET /api/metrics` answers with `Authorization: Bearer <token>` (401 otherwise); unset, the route does not exist (404)'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('pino log level'),
  RELEASES_DIR: optionalString.meta({ description: "each remote's releases (`pnpm release`) and its live pointer (on PostgreSQL the pointer is a row); how many releases of each stay served (at least 5), so pages opened on an older one keep loading it", defaultText: '`DATA_DIR/releases`, `5`', with: ['RELEASES_KEEP'] }),
  // https only: the front ends' code loads from it, and plain http would let anyone on the path rewrite it.
  RELEASES_BASE_URL: optionalString.refine((value) => value === undefined || (URL.canParse(value) && value.startsWith('https:')), {
    message: 'must be an https URL (the front ends load their code from it; plain http can be rewritten on the way)',
  }).meta({ description: `releases published to another origin (a static host or CDN; https only, refused at start otherwise): \`remotes.json\` and the server render name \`RELEASES_BASE_URL/<remote>/<version>/remoteEntry.js\` (its origin is allowed by the CSP); \`pnpm release\` runs \`RELEASES_PUBLISH\` in a shell after the checks and before the switch, with \`RELEASE_DIR\` (the release's folder) and \`RELEASE_URL\` (where it must appear), e.g. \`aws s3 sync "$RELEASE_DIR" "s3://bucket/releases/\${RELEASE_URL#https://cdn.example.com/releases/}" --cache-control 'public, max-age=31536000, immutable'\`; a failure refuses the release`, defaultText: 'unset', with: ['RELEASES_PUBLISH'] }),
  RELEASES_PUBLISH: optionalString,
  RELEASES_KEEP: z.coerce.number().int().min(5).max(100).default(5),
  CANARY_ERROR_MARGIN: z.coerce.number().min(0).max(10).default(0.05).meta({ description: "a canary (`pnpm release <remote> --canary <percent>`, decision 058) is rolled back on every instance without anyone acting once it has at least `CANARY_MIN_VISITS` visits and its client errors per visit exceed the live release's (over the same time) by more than `CANARY_ERROR_MARGIN`; audited, e-mailed to the admins, shown in Admin → Settings → Releases", with: ['CANARY_MIN_VISITS'] }),
  CANARY_MIN_VISITS: z.coerce.number().int().min(1).max(1_000_000).default(200),
  RECEIPT_LEGAL_NAME: optionalString.pipe(z.string().max(200).optional()).meta({ description: "what a receipt names as the seller: the legal name and address (lines split by a newline or `;`; the site's name and address otherwise), the GSTIN and the services accounting code of what is sold; with a tax percent, the receipt shows the taxable value and the GST included in the price. Receipts are numbered `R-000001`, … in the order payments were taken", defaultText: 'unset, `0`', with: ['RECEIPT_ADDRESS', 'RECEIPT_GSTIN', 'RECEIPT_SAC', 'RECEIPT_TAX_PERCENT'] }),
  RECEIPT_ADDRESS: optionalString.pipe(z.string().max(500).optional()),
  RECEIPT_GSTIN: optionalString.refine((value) => value === undefined || /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(value), {
    message: 'must be a 15-character GSTIN, e.g. 29ABCDE1234F1Z5',
  }),
  RECEIPT_SAC: optionalString.refine((value) => value === undefined || /^99\d{4}$/.test(value), { message: 'must be a 6-digit services accounting code (99xxxx)' }),
  RECEIPT_TAX_PERCENT: z.coerce.number().min(0).max(28).default(0),
});

/** The settings parsed once at start, with the rules between them. */
export const ConfigSchema = ConfigFields
  .superRefine((env, ctx) => {
    const admin = [env.ADMIN_USERNAME, env.ADMIN_EMAIL, env.ADMIN_PASSWORD];
    if (admin.some(Boolean) && !admin.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    const razorpay = [env.RAZORPAY_KEY_ID, env.RAZORPAY_KEY_SECRET];
    if (razorpay.some(Boolean) && !razorpay.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_KEY_SECRET'],
        message: 'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together',
      });
    }
  })
  .transform((env) => ({
    ...env,
    BACKUP_DIR: env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups'),
    RELEASES_DIR: env.RELEASES_DIR ?? path.join(env.DATA_DIR, 'releases'),
  }));

export type Config = z.output<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; a bad value fails with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  return result.data;
}

/**
 * The server's own start: a public site (PUBLIC_URL on https, or NODE_ENV=production set in `env`
 * itself; the schema's default does not count) without Razorpay keys would take every order for
 * free, so it does not start unless PAYMENTS_SANDBOX=1 says the sandbox is meant. The command-line
 * tools (backup, restore, admin:create) take no payments and are not held to it.
 */
export function loadServerConfig(env: Record<string, string | undefined> = process.env): Config {
  const config = loadConfig(env);
  const publicSite = config.PUBLIC_URL?.startsWith('https:') || env.NODE_ENV?.trim() === 'production';
  if (publicSite && !config.RAZORPAY_KEY_ID && !config.PAYMENTS_SANDBOX) {
    throw new ConfigError([
      'RAZORPAY_KEY_ID: a public site (PUBLIC_URL on https, or NODE_ENV=production) needs real payments: ' +
        'set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET, ' +
        'or PAYMENTS_SANDBOX=1 to run the payment sandbox (test mode, every order free) on purpose.',
    ]);
  }
  return config;
}
