import { sql } from 'drizzle-orm';
import type { MailItem, MailList, MailListQuery, MailState } from '@site/shared/contracts/mail';
import type { Db } from '../../db/database';
import { MAIL_QUEUE } from './queue';
import { mailKeys } from './table';

/** pg-boss's job states as Admin → Mail shows them. */
const STATES: Record<MailState, string[]> = {
  pending: ['created', 'retry', 'active'],
  failed: ['failed', 'cancelled'],
  sent: ['completed'],
};
const stateOf = (jobState: string): MailState =>
  (Object.keys(STATES) as MailState[]).find((state) => STATES[state].includes(jobState)) ?? 'pending';

interface JobRow extends Record<string, unknown> {
  id: string;
  state: string;
  to: string | null;
  subject: string | null;
  retry_count: number;
  error: string | null;
  already_sent: boolean | null;
  created_on: Date | string;
  start_after: Date | string;
  completed_on: Date | string | null;
}

const inStates = (states: string[]) => sql.join(states.map((s) => sql`${s}`), sql`, `);
const iso = (value: Date | string) => new Date(value).toISOString();
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

function toItem(row: JobRow): MailItem {
  const state = stateOf(row.state);
  return {
    id: row.id,
    to: row.to ?? '',
    subject: row.subject ?? '',
    state,
    retries: row.retry_count,
    // A completed job keeps no error; a pending one shows why its last attempt failed.
    last_error: state === 'sent' ? null : row.error,
    created_at: iso(row.created_on),
    next_attempt_at: state === 'pending' && row.state !== 'active' ? iso(row.start_after) : null,
    sent_at: state === 'sent' && row.completed_on ? iso(row.completed_on) : null,
  };
}

/** One page of the newest messages (of one state, or all) and how many there are in each state. */
export async function listMail(db: Db, schema: string, { state, page, page_size }: MailListQuery): Promise<MailList> {
  const jobs = sql.identifier(schema);
  const filter = state ? sql`AND state::text IN (${inStates(STATES[state])})` : sql``;
  const rows = rowsOf<JobRow>(
    await db.execute(sql`
      SELECT id, state::text AS state, data->'message'->>'to' AS "to", data->'message'->>'subject' AS subject,
             retry_count, output->>'message' AS error, created_on, start_after, completed_on
      FROM ${jobs}.job WHERE name = ${MAIL_QUEUE} ${filter}
      ORDER BY created_on DESC, id LIMIT ${page_size} OFFSET ${(page - 1) * page_size}`),
  );
  const counts = { pending: 0, failed: 0, sent: 0 };
  for (const row of rowsOf<{ state: string; n: number | string }>(
    await db.execute(sql`SELECT state::text AS state, count(*) AS n FROM ${jobs}.job WHERE name = ${MAIL_QUEUE} GROUP BY state`),
  )) {
    counts[stateOf(row.state)] += Number(row.n);
  }
  const total = state ? counts[state] : counts.pending + counts.failed + counts.sent;
  return { items: rows.map(toItem), total, page, page_size, counts };
}

/** The state of one queued message, or undefined when there is no such message. */
export async function mailStateOf(db: Db, schema: string, id: string): Promise<{ state: MailState; to: string } | undefined> {
  const [row] = rowsOf<{ state: string; to: string | null }>(
    await db.execute(
      sql`SELECT state::text AS state, data->'message'->>'to' AS "to" FROM ${sql.identifier(schema)}.job WHERE name = ${MAIL_QUEUE} AND id = ${id}::uuid FOR UPDATE`,
    ),
  );
  return row ? { state: stateOf(row.state), to: row.to ?? '' } : undefined;
}

/** The newest messages whose last attempt failed: given up, or waiting for their next try. */
export async function recentMailFailures(db: Db, schema: string, limit: number): Promise<{ at: string; to: string; error: string; retrying: boolean }[]> {
  const rows = rowsOf<{ state: string; to: string | null; error: string; at: Date | string }>(
    await db.execute(sql`
      SELECT state::text AS state, data->'message'->>'to' AS "to", output->>'message' AS error,
             coalesce(completed_on, started_on, created_on) AS at
      FROM ${sql.identifier(schema)}.job
      WHERE name = ${MAIL_QUEUE} AND state::text IN ('retry', 'failed') AND output->>'message' IS NOT NULL
      ORDER BY at DESC, id LIMIT ${limit}`),
  );
  return rows.map((row) => ({ at: iso(row.at), to: row.to ?? '', error: row.error, retrying: row.state === 'retry' }));
}

/**
 * The messages whose keys start with `keyPrefix`: how many were queued, sent, and given up (not
 * sent, and their job failed or cancelled: Admin → Mail lists them as failed, with a retry; or their
 * job already deleted after KEEP_DAYS: nobody sends it any more).
 */
export async function mailTally(db: Db, schema: string, keyPrefix: string): Promise<{ queued: number; sent: number; failed: number }> {
  const [row] = rowsOf<{ queued: number | string; sent: number | string; failed: number | string }>(
    await db.execute(sql`
      SELECT count(*) AS queued,
             count(*) FILTER (WHERE sent) AS sent,
             count(*) FILTER (WHERE NOT sent AND (job_state IS NULL OR job_state IN (${inStates(STATES.failed)}))) AS failed
      FROM (SELECT k.sent_at IS NOT NULL OR coalesce(j.state::text IN (${inStates(STATES.sent)}), false) AS sent, j.state::text AS job_state
            FROM ${mailKeys} k
            LEFT JOIN ${sql.identifier(schema)}.job j ON j.name = ${MAIL_QUEUE} AND j.id = k.job_id
            WHERE k.key LIKE ${`${keyPrefix}%`}) AS messages`),
  );
  return { queued: Number(row?.queued ?? 0), sent: Number(row?.sent ?? 0), failed: Number(row?.failed ?? 0) };
}
