import { doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors api/migrations/0021_web_vitals.sql (the SQL is the source of truth). */
export const webVitals = pgTable(
  'web_vitals',
  {
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    route: text('route').notNull(),
    visits: integer('visits').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    counts: integer('counts').array().notNull(),
    lcpSum: doublePrecision('lcp_sum').notNull().default(0),
    inpSum: doublePrecision('inp_sum').notNull().default(0),
    ttfbSum: doublePrecision('ttfb_sum').notNull().default(0),
    clsSum: doublePrecision('cls_sum').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.bucketStart, table.remote, table.version, table.route] })],
);
