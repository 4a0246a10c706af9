import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { Tally } from './aggregate';

/** Rows per statement when writing tallies. */
const BATCH = 500;

/** A series' row met again (a bucket written by two instances, or folded into the kept total): added to. */
const ADD_TO_SERIES = sql.raw(`ON CONFLICT (bucket_start, remote, version, route) DO UPDATE SET
  visits = web_vitals.visits + EXCLUDED.visits,
  errors = web_vitals.errors + EXCLUDED.errors,
  counts = ARRAY(SELECT a + b FROM unnest(web_vitals.counts, EXCLUDED.counts) WITH ORDINALITY AS added(a, b, i) ORDER BY i),
  lcp_sum = web_vitals.lcp_sum + EXCLUDED.lcp_sum,
  inp_sum = web_vitals.inp_sum + EXCLUDED.inp_sum,
  ttfb_sum = web_vitals.ttfb_sum + EXCLUDED.ttfb_sum,
  cls_sum = web_vitals.cls_sum + EXCLUDED.cls_sum`);

/** Where buckets past their time are folded: one row per series, so the totals never go down. */
export const FOLDED = new Date(0);

async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const intArray = (counts: readonly number[]) => sql.raw(`ARRAY[${counts.map((n) => Math.trunc(n)).join(',')}]::integer[]`);

/** Adds tallies to their rows (made on first use), element by element for the histogram counts. */
export async function addTallies(db: Db, tallies: readonly Tally[]): Promise<void> {
  for (let at = 0; at < tallies.length; at += BATCH) {
    const rows = sql.join(
      tallies
        .slice(at, at + BATCH)
        .map(
          (t) =>
            sql`(${t.bucketStart.toISOString()}::timestamptz, ${t.remote}, ${t.version}, ${t.route}, ${t.visits}::int, ${t.errors}::int, ${intArray(t.counts)}, ${t.sums.lcp}::float8, ${t.sums.inp}::float8, ${t.sums.ttfb}::float8, ${t.sums.cls}::float8)`,
        ),
      sql`, `,
    );
    await db.execute(sql`
      INSERT INTO web_vitals (bucket_start, remote, version, route, visits, errors, counts, lcp_sum, inp_sum, ttfb_sum, cls_sum)
      VALUES ${rows}
      ${ADD_TO_SERIES}`);
  }
}

/**
 * Folds the buckets older than `before` into each series' folded row and deletes them, in one
 * statement (instances pruning at once fold each bucket once); drops the series of versions no
 * longer kept (`known`), whose pages no longer load.
 */
export async function foldOld(db: Db, before: Date, known: ReadonlyMap<string, ReadonlySet<string>>): Promise<void> {
  await db.execute(sql`
    WITH old AS (
      DELETE FROM web_vitals WHERE bucket_start < ${before.toISOString()}::timestamptz AND bucket_start > ${FOLDED.toISOString()}::timestamptz
      RETURNING *
    ),
    summed AS (
      SELECT remote, version, route, sum(visits)::int AS visits, sum(errors)::int AS errors,
        ARRAY(SELECT sum(c)::int FROM old AS o2, unnest(o2.counts) WITH ORDINALITY AS u(c, i)
              WHERE o2.remote = old.remote AND o2.version = old.version AND o2.route = old.route GROUP BY i ORDER BY i) AS counts,
        sum(lcp_sum) AS lcp_sum, sum(inp_sum) AS inp_sum, sum(ttfb_sum) AS ttfb_sum, sum(cls_sum) AS cls_sum
      FROM old GROUP BY remote, version, route
    )
    INSERT INTO web_vitals (bucket_start, remote, version, route, visits, errors, counts, lcp_sum, inp_sum, ttfb_sum, cls_sum)
    SELECT ${FOLDED.toISOString()}::timestamptz, remote, version, route, visits, errors, counts, lcp_sum, inp_sum, ttfb_sum, cls_sum FROM summed
    ${ADD_TO_SERIES}`);
  for (const [remote, versions] of known) {
    const kept = sql.join([...versions].map((version) => sql`${version}`), sql`, `);
    await db.execute(sql`DELETE FROM web_vitals WHERE remote = ${remote} AND version NOT IN (${kept})`);
  }
}

/** A series' totals over every bucket kept (and folded). */
export interface SeriesTotals {
  remote: string;
  version: string;
  route: string;
  visits: number;
  errors: number;
  counts: number[];
  lcp_sum: number;
  inp_sum: number;
  ttfb_sum: number;
  cls_sum: number;
}

/** Totals per (remote, version, route), or per (remote, version) when `byRoute` is false. */
export async function totals(db: Db, byRoute = true): Promise<SeriesTotals[]> {
  const route = byRoute ? sql`w.route` : sql`''`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
      SELECT w.remote, w.version, ${route} AS route, sum(w.visits)::bigint AS visits, sum(w.errors)::bigint AS errors,
        sum(w.lcp_sum) AS lcp_sum, sum(w.inp_sum) AS inp_sum, sum(w.ttfb_sum) AS ttfb_sum, sum(w.cls_sum) AS cls_sum,
        (SELECT array_agg(n ORDER BY i) FROM (
           SELECT i, sum(c)::bigint AS n FROM web_vitals AS x, unnest(x.counts) WITH ORDINALITY AS u(c, i)
           WHERE x.remote = w.remote AND x.version = w.version AND (${byRoute} = false OR x.route = ${route})
           GROUP BY i) AS per_bucket) AS counts
      FROM web_vitals AS w GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
  return rows.map((row) => ({
    remote: String(row.remote),
    version: String(row.version),
    route: String(row.route),
    visits: Number(row.visits),
    errors: Number(row.errors),
    counts: ((row.counts as (number | string)[] | null) ?? []).map(Number),
    lcp_sum: Number(row.lcp_sum),
    inp_sum: Number(row.inp_sum),
    ttfb_sum: Number(row.ttfb_sum),
    cls_sum: Number(row.cls_sum),
  }));
}

/** One version's visits and client errors, over every bucket or those from `since` on (its bucket included). */
export async function versionFigures(db: Db, remote: string, version: string, since: Date | undefined, bucketMs: number): Promise<{ visits: number; errors: number }> {
  const from = since ? new Date(since.getTime() - (since.getTime() % bucketMs)) : FOLDED;
  const [row] = await rowsOf<{ visits: string | number | null; errors: string | number | null }>(
    db,
    sql`SELECT sum(visits)::bigint AS visits, sum(errors)::bigint AS errors FROM web_vitals
        WHERE remote = ${remote} AND version = ${version} AND bucket_start >= ${from.toISOString()}::timestamptz`,
  );
  return { visits: Number(row?.visits ?? 0), errors: Number(row?.errors ?? 0) };
}
