/**
 * The README's Configuration table, written from the config schema (api/src/config.ts): each
 * variable's `.describe()`/`.meta()` text and its default, so a setting is documented once.
 * `pnpm docs:config` rewrites the table between its markers; api/test/config-readme.test.ts fails
 * while the README differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ConfigFields, type ConfigDoc } from '../src/config';

export const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../README.md');
const START = '<!-- config-table: written by `pnpm docs:config` from api/src/config.ts -->';
const END = '<!-- /config-table -->';

/** The schema's own default of a variable (through a transform's input), or undefined. */
function defaultOf(schema: z.ZodType): unknown {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodPipe) inner = inner.in as z.ZodType;
  return inner instanceof z.ZodDefault ? inner.def.defaultValue : undefined;
}

export function configTable(): string {
  const shape = ConfigFields.shape as Record<string, z.ZodType>;
  const described = new Set<string>();
  const rows: string[] = [];
  for (const [name, schema] of Object.entries(shape)) {
    const doc = schema.meta() as ConfigDoc | undefined;
    if (!doc?.description) continue;
    const names = [name, ...(doc.with ?? [])];
    for (const each of names) described.add(each);
    const defaults = names.map((each) => defaultOf(shape[each]!));
    const written = defaults.every((value) => value === undefined) ? '—' : defaults.map((value) => `\`${String(value)}\``).join(', ');
    rows.push(`| ${names.map((each) => `\`${each}\``).join(', ')} | ${doc.defaultText ?? written} | ${doc.description} |`);
  }
  const undocumented = Object.keys(shape).filter((name) => !described.has(name));
  if (undocumented.length) throw new Error(`Undocumented settings (give each a .describe() or list it in another's "with"): ${undocumented.join(', ')}`);
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The README with its table replaced by the one the schema writes. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end < start) throw new Error(`README.md has no ${START} … ${END} markers`);
  return `${readme.slice(0, start + START.length)}\n${configTable()}\n${readme.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const readme = readFileSync(README, 'utf8');
  const next = withConfigTable(readme);
  if (next !== readme) writeFileSync(README, next);
  console.log(next === readme ? 'README.md: the configuration table is current.' : 'README.md: configuration table rewritten.');
}
