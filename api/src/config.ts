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

/** Every setting the api reads, all optional, parsed once at start. */
export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    /** A port of its own for /api/health/live and /ready, answered even while PORT is flooded; off by default. */
    HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    DATA_DIR: z.string().trim().min(1).default(path.join(REPO_ROOT, 'data')),
    PUBLIC_URL: optionalUrl(/^https?:/),
    /** Which reverse proxies may set X-Forwarded-For/-Host/-Proto; none by default. */
    TRUST_PROXY: TrustProxySchema,
    DATABASE_URL: optionalUrl(/^postgres(ql)?:/),
    JWT_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters',
    }),
    ADMIN_USERNAME: optionalString,
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString.refine((value) => value === undefined || value.length >= 8, {
      message: 'must be at least 8 characters',
    }),
    SMTP_URL: optionalUrl(/^smtps?:/),
    MAIL_FROM: optionalString,
    /** Where the consultancy hears of its bookings (booked, moved, cancelled, refunded); the site's own address by default. */
    NOTIFY_EMAIL: optionalString.pipe(z.email().optional()),
    RAZORPAY_KEY_ID: optionalString,
    RAZORPAY_KEY_SECRET: optionalString,
    RAZORPAY_WEBHOOK_SECRET: optionalString,
    /** 1: a public site may run the payment sandbox (test mode) on purpose, e.g. a demo. */
    PAYMENTS_SANDBOX: z.enum(['0', '1']).default('0').transform((value) => value === '1'),
    GOOGLE_CLIENT_EMAIL: optionalString,
    GOOGLE_PRIVATE_KEY: optionalString,
    GOOGLE_CALENDAR_ID: optionalString,
    /** How long an unpaid order holds its event seat or consultation slot. */
    ORDER_HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
    /** Live unpaid holds from one client address (an office shares one): never under 20. */
    ORDER_HOLDS_PER_ADDRESS: z.coerce.number().int().min(20).max(100_000).default(20),
    IPFS_API_URL: optionalUrl(/^https?:/),
    AI_WIDGET_SCRIPT_URL: optionalUrl(/^https:/),
    AI_WIDGET_AGENT_ID: optionalString,
    /** Origins an external widget talks to (its api, its realtime socket), added to the CSP. */
    AI_WIDGET_CONNECT_ORIGINS: originList,
    /** How long the readiness probe reports draining before the listener closes on shutdown. */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** A request (headers and body) must arrive within this time; the connection is closed otherwise. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    /** A connection on which nothing moves for this long is closed. */
    IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    /** How long an idle keep-alive connection is kept open between requests. */
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
    /**
     * Overload: while the event loop lags by more than this on average (or the heap or resident memory is
     * over its limit), requests are refused at once with 503 and Retry-After rather than queued; 0 turns a check off.
     */
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    OVERLOAD_MAX_HEAP_MB: z.coerce.number().int().min(0).max(65_536).default(0),
    OVERLOAD_MAX_RSS_MB: z.coerce.number().int().min(0).max(65_536).default(0),
    /** Requests admitted and not yet answered (waiting on the database too): more are refused the same way (decision 075). */
    OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(100),
    OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3_600).default(5),
    /** Blog views are counted in memory and written this often (and on shutdown). */
    BLOG_VIEWS_FLUSH_MS: z.coerce.number().int().min(100).max(3_600_000).default(2_000),
    /** Share of page views whose visitor signals (web vitals, client errors) the browser reports: 1 is every one. */
    VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
    /** Visitor signals are added up in memory and written this often (and on shutdown). */
    VITALS_FLUSH_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
    /** How long visitor signals stay in their short time buckets before they are folded into totals. */
    VITALS_KEEP_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(48),
    /** PostgreSQL: how long to wait for a connection, and for one statement to finish. */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    /** This instance works queued jobs (sends mail, runs scheduled work); 0 leaves that to other instances. */
    JOBS_WORKER: z.enum(['0', '1']).default('1').transform((value) => value === '1'),
    /**
     * How often an idle worker looks for jobs that have become due (delayed jobs, retries). A job
     * sent on the same database wakes the workers at once (LISTEN/NOTIFY).
     */
    JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(10),
    /** A message that could not be sent is retried after about this long, then twice as long each time, up to the maximum. */
    MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(20),
    MAIL_RETRY_DELAY_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
    /** With the defaults, 32 retries span more than 24 hours. */
    MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(1_000).default(32),
    /** A post sent to the newsletter is queued this many messages per second, a batch at a time. */
    NEWSLETTER_SEND_RATE: z.coerce.number().min(0.1).max(10_000).default(20),
    NEWSLETTER_BATCH_SIZE: z.coerce.number().int().min(1).max(1_000).default(100),
    /**
     * age key for backup archives: an identity (AGE-SECRET-KEY-1…, encrypts and decrypts) or a
     * recipient (age1…, encrypts only). Unset: archives are plain tar.
     */
    BACKUP_KEY: optionalString.refine((value) => value === undefined || /^(AGE-SECRET-KEY-1[0-9A-Z]{58}|age1[0-9a-z]{58})$/.test(value), {
      message: 'must be an age identity (AGE-SECRET-KEY-1…) or recipient (age1…)',
    }),
    /** Where scheduled backups are written; DATA_DIR/backups by default. */
    BACKUP_DIR: optionalString,
    /** How many scheduled backups are kept (the oldest are deleted). */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
    /** Hours between scheduled backups; 0 turns them off. */
    BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).max(24 * 31).default(24),
    /** Bearer token that /api/metrics asks for; unset, the endpoint does not exist. */
    METRICS_TOKEN: optionalString.refine((value) => value === undefined || value.length >= 16, {
      message: 'must be at least 16 characters',
    }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where the built front ends live; the repo's own folders by default. */
    WEB_ROOT: z.string().trim().min(1).default(REPO_ROOT),
    /** Where `pnpm release` puts each remote's releases and its live pointer; DATA_DIR/releases by default. */
    RELEASES_DIR: optionalString,
    /**
     * Where RELEASES_DIR is published for browsers and the server render (a static host or CDN), e.g.
     * `https://cdn.example.com/releases`; unset, the api serves it at `/releases/`.
     */
    // https only: the front ends' code loads from it, and plain http would let anyone on the path rewrite it.
    RELEASES_BASE_URL: optionalString.refine((value) => value === undefined || (URL.canParse(value) && value.startsWith('https:')), {
      message: 'must be an https URL (the front ends load their code from it; plain http can be rewritten on the way)',
    }),
    /** Run (by a shell) after a release's checks and before it goes live: publishes `$RELEASE_DIR` to `$RELEASE_URL`. */
    RELEASES_PUBLISH: optionalString,
    /** How many releases of each remote stay served (pages opened on an older one keep loading its files). */
    RELEASES_KEEP: z.coerce.number().int().min(5).max(100).default(5),
    /**
     * A canary is rolled back by itself when its client error rate (errors per visit) is over the
     * live release's by more than this, once it has at least CANARY_MIN_VISITS visits.
     */
    CANARY_ERROR_MARGIN: z.coerce.number().min(0).max(10).default(0.05),
    CANARY_MIN_VISITS: z.coerce.number().int().min(1).max(1_000_000).default(200),
    /** What a receipt names as the seller when the consultancy files with the tax office (all optional). */
    RECEIPT_LEGAL_NAME: optionalString.pipe(z.string().max(200).optional()),
    RECEIPT_ADDRESS: optionalString.pipe(z.string().max(500).optional()),
    RECEIPT_GSTIN: optionalString.refine((value) => value === undefined || /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(value), {
      message: 'must be a 15-character GSTIN, e.g. 29ABCDE1234F1Z5',
    }),
    RECEIPT_SAC: optionalString.refine((value) => value === undefined || /^99\d{4}$/.test(value), { message: 'must be a 6-digit services accounting code (99xxxx)' }),
    /** GST included in the prices, in percent: the receipt shows the taxable value and the tax in it. */
    RECEIPT_TAX_PERCENT: z.coerce.number().min(0).max(28).default(0),
  })
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
