import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { BOOKING_ZONE_LABEL } from '@site/shared/contracts/booking-policy';
import { istLocalIso } from '@site/shared/dates';

export type CsvCell = string | number | boolean | Date | null | undefined;

/**
 * One header style for every export: words as a person reads them, the first capitalised
 * ("Buyer email"), a time's zone named in its header ("Paid (IST)").
 */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

/** An instant in India's time, "2026-12-01 15:45:00", as a spreadsheet reads a date and time; empty when there is none. */
export function istCell(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return istLocalIso(value)?.replace('T', ' ') ?? String(value);
}

/** A time column's header: "Paid (IST)". */
export const istHeader = (name: string) => `${name} (${BOOKING_ZONE_LABEL})`;

/** How many rows a batched export asks the database for at a time. */
export const EXPORT_BATCH_SIZE = 500;

/**
 * Rows of a table read in keyset batches: only one batch is in memory at a time, and no
 * connection or transaction is held between batches (works alike on PGlite and PostgreSQL).
 */
export async function* inBatches<Row, Key>(
  fetchAfter: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<Row> {
  let after: Key | undefined;
  for (;;) {
    const batch = await fetchAfter(after, batchSize);
    yield* batch;
    if (batch.length < batchSize) return;
    after = keyOf(batch[batch.length - 1]!);
  }
}

/** Where a newest-first export batch ends: created_at as text keeps its microseconds (a Date would not). */
export interface CreatedCursor {
  at: string;
  id: string;
}

/** Rows listed newest first by (created_at, id), read in batches through `fetchAfter`, as items. */
export async function* newestFirst<Row extends { cursor: string; id: string }, Item>(
  fetchAfter: (after: CreatedCursor | undefined, limit: number) => Promise<Row[]>,
  toItem: (row: NoInfer<Row>) => Item,
): AsyncGenerator<Item> {
  for await (const row of inBatches(fetchAfter, (last) => ({ at: last.cursor, id: last.id }))) yield toItem(row);
}

/**
 * A CSV stream of the rows, pulled from the source only as fast as the client reads. Cells that a
 * spreadsheet would run as a formula (`= + - @`, tab, CR first) get a leading `'`; the byte-order
 * mark lets Excel read UTF-8 names correctly.
 */
export function csvStream<Row>(rows: AsyncIterable<Row>, columns: readonly CsvColumn<Row>[]): Readable {
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: columns.map((column) => column.header),
    escape_formulas: true,
    record_delimiter: 'windows',
    // With CRLF records a lone LF is not quoted by default, yet spreadsheets break lines on it.
    quoted_match: /[\r\n]/,
    cast: { date: (value) => istCell(value), boolean: (value) => (value ? 'yes' : 'no') },
  });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((column) => column.value(row) ?? '');
    })(),
  );
  // pipeline, not pipe: a client that goes away also ends the source (and so the reads).
  return pipeline(source, stringifier, () => {});
}

/** `filename` without its extension; a date is added so exports taken on different days do not clash. */
export function csvFilename(name: string, now = new Date()): string {
  return `${name.replace(/[^\w-]/g, '_')}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Sends the rows as a CSV download; admin data, so nothing may cache it. */
export function sendCsv<Row>(
  reply: FastifyReply,
  name: string,
  rows: AsyncIterable<Row>,
  columns: readonly CsvColumn<Row>[],
): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFilename(name)}"`)
    .header('cache-control', 'private, no-store')
    .send(csvStream(rows, columns));
}
