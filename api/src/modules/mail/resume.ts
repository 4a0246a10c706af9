import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** At most this many waiting messages a second are made due again when the mail server is back. */
export const RESUME_PER_SECOND = 20;
/** A success tries the waiting messages again at most this often (per instance). */
const RESUME_EVERY_MS = 5_000;

/** Whether a send failed because the mail server could not be reached (no answer to this message), rather than refusing it. */
export function serverUnreachable(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | undefined)?.responseCode;
  // 421: the server is there but closing (overloaded, restarting): it is not this message's fault either.
  return typeof code !== 'number' || code === 421;
}

/**
 * Mail resumes when the mail server returns (decision 041): the messages that failed because it
 * could not be reached wait for their retry with growing delays, up to an hour. When a send
 * succeeds, or the server answers the check made while messages wait, they are all made due again
 * now, RESUME_PER_SECOND at a time, instead of each waiting out its own delay. A message the server
 * refused keeps its delay.
 */
export function createMailResume(app: FastifyInstance, queue: string) {
  const { db } = app.database;
  const jobs = sql.identifier(app.jobs.schema);
  const waiting = sql`name = ${queue} AND state = 'retry' AND start_after > now() AND output->>'unreachable' = 'true'`;
  let lastResume = 0;
  let running: Promise<number> | undefined;

  /** Makes the messages waiting for the server due now, spread at RESUME_PER_SECOND; answers how many. */
  async function resume(): Promise<number> {
    const result = await db.execute(sql`
      WITH due AS (SELECT id, row_number() OVER (ORDER BY start_after, id) - 1 AS n FROM ${jobs}.job WHERE ${waiting})
      UPDATE ${jobs}.job j SET start_after = now() + due.n * (interval '1 second' / ${RESUME_PER_SECOND})
      FROM due WHERE j.name = ${queue} AND j.id = due.id AND j.state = 'retry'
      RETURNING j.id`);
    const count = (result as unknown as { rows: unknown[] }).rows.length;
    if (count > 0) app.log.info({ messages: count }, 'the mail server is back: waiting e-mail is sent now');
    return count;
  }

  /** Once at a time, and after a success at most every RESUME_EVERY_MS. */
  function resumeSoon(force = false): Promise<number> {
    if (running || (!force && Date.now() - lastResume < RESUME_EVERY_MS)) return running ?? Promise.resolve(0);
    lastResume = Date.now();
    running = resume()
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'waiting e-mail could not be resumed');
        return 0;
      })
      .finally(() => (running = undefined));
    return running;
  }

  /** While messages wait for the server, whether it answers again; if so, they go now. */
  async function check(): Promise<number> {
    const result = await db.execute(sql`SELECT 1 FROM ${jobs}.job WHERE ${waiting} LIMIT 1`);
    if ((result as unknown as { rows: unknown[] }).rows.length === 0) return 0;
    return (await app.mail.reachable()) ? resumeSoon(true) : 0;
  }

  return { afterSuccess: () => void resumeSoon(), check };
}
