import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Decision records stay a page each, not a lab notebook (STYLE.md); limits from issue 39.
const MAX_WORDS_ALL = 12_000;
const MAX_WORDS_RECORD = 400;
const MAX_WORDS_INDEX = 450;

const folder = fileURLToPath(new URL('../../docs/decisions/', import.meta.url));
const INDEX = '000-index.md';
const records = readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name) && name !== INDEX);
/** Counted as `wc -w` does: runs of characters between whitespace. */
const words = (name) => readFileSync(path.join(folder, name), 'utf8').split(/\s+/).filter(Boolean).length;
const index = readFileSync(path.join(folder, INDEX), 'utf8');
/** Numbers the index lists: list items or table rows that start with one, linked or not. */
const listed = [...index.matchAll(/^\s*(?:[-*]|\|)\s*\[?(\d{3})\b/gm)].map((match) => match[1]);
const linked = [...index.matchAll(/\]\(([^)\s]+\.md)\)/g)].map((match) => match[1]);

describe('decision records', () => {
  it('stay within 12,000 words together, their index included', () => {
    const total = [INDEX, ...records].reduce((sum, name) => sum + words(name), 0);
    expect(total).toBeLessThanOrEqual(MAX_WORDS_ALL);
  });

  it('stay within 400 words each, the index within 450', () => {
    const over = records.filter((name) => words(name) > MAX_WORDS_RECORD).map((name) => `${name}: ${words(name)}`);
    expect(over).toEqual([]);
    expect(words(INDEX)).toBeLessThanOrEqual(MAX_WORDS_INDEX);
  });

  it('are each listed once in the index, which lists no record that does not exist', () => {
    const numbers = records.map((name) => name.slice(0, 3)).sort();
    expect([...listed].sort()).toEqual(numbers);
    expect(linked.filter((target) => !existsSync(path.join(folder, target)))).toEqual([]);
  });

  it('each have a number of their own', () => {
    const numbers = records.map((name) => name.slice(0, 3));
    expect(numbers.filter((number, at) => numbers.indexOf(number) !== at)).toEqual([]);
  });
});
