import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { TABLES_NOT_DUMPED } from './format';

/**
 * The site's tables in the current schema, parents before children (foreign keys), so rows load
 * in this order without disabling constraints (which would need a superuser).
 */
export async function tablesInLoadOrder(db: Db): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  )
    .map((row) => row.name)
    .filter((name) => !TABLES_NOT_DUMPED.has(name));
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint c
        JOIN pg_class ch ON ch.oid = c.conrelid JOIN pg_class pa ON pa.oid = c.confrelid
        WHERE c.contype = 'f' AND ch.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of edges) if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table) && [...parents.get(table)!].every((parent) => placed.has(parent)));
    if (!ready.length) throw new Error(`Tables refer to each other in a cycle: ${tables.filter((t) => !placed.has(t)).join(', ')}`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/** Columns a row can be written to (generated ones are computed by the database). */
export async function writableColumns(db: Db, table: string): Promise<string[]> {
  return (
    await rowsOf<{ name: string }>(
      db,
      sql`SELECT column_name AS name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER'
          ORDER BY ordinal_position`,
    )
  ).map((row) => row.name);
}

/** Sequences of the current schema with a value (identity columns included). */
export async function sequenceValues(db: Db): Promise<{ name: string; last_value: string }[]> {
  return rowsOf(
    db,
    sql`SELECT sequencename AS name, last_value::text AS last_value FROM pg_sequences
        WHERE schemaname = current_schema() AND last_value IS NOT NULL ORDER BY sequencename`,
  );
}

/** Whether the current schema holds any table: a restore goes only into an empty database. */
export async function hasTables(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ count: number | string }>(
    db,
    sql`SELECT count(*) AS count FROM information_schema.tables WHERE table_schema = current_schema()`,
  );
  return Number(row?.count ?? 0) > 0;
}

/**
 * Empties the current schema (restore --force): its tables, views, sequences, functions and types,
 * leaving extensions' own objects alone. The schema itself is kept, so no privilege beyond owning
 * its objects is needed.
 */
export async function dropEverything(db: Db): Promise<void> {
  const objects = await rowsOf<{ statement: string }>(
    db,
    sql`SELECT format('DROP VIEW IF EXISTS %I CASCADE', table_name) AS statement FROM information_schema.views WHERE table_schema = current_schema()
        UNION ALL
        SELECT format('DROP TABLE IF EXISTS %I CASCADE', table_name) FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        UNION ALL
        SELECT format('DROP SEQUENCE IF EXISTS %I CASCADE', sequencename) FROM pg_sequences WHERE schemaname = current_schema()
        UNION ALL
        SELECT format('DROP FUNCTION IF EXISTS %s CASCADE', p.oid::regprocedure) FROM pg_proc p
        WHERE p.pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
        UNION ALL
        SELECT format('DROP TYPE IF EXISTS %I CASCADE', t.typname) FROM pg_type t
        WHERE t.typnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) AND t.typtype IN ('e', 'd', 'r')
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e')`,
  );
  for (const { statement } of objects) await db.execute(sql.raw(statement));
}
