import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// e2e tests run in parallel against one site: two that book starts on the same day can collide
// (a random quarter hour inside another booking's buffer answers 409), so each takes a day of its own.
const tests = path.resolve(import.meta.dirname, '../../e2e/tests');

it('each e2e test that books a consultation takes a day no other test takes', () => {
  const byDay = new Map();
  for (const file of readdirSync(tests).filter((name) => name.endsWith('.ts'))) {
    const text = readFileSync(path.join(tests, file), 'utf8');
    const days = [
      ...[...text.matchAll(/futureSlot\((\d+)\)/g)].map((m) => m[1]),
      ...[...text.matchAll(/offeredSlot\([^,]+,[^,]+,\s*(\d+)\)/g)].map((m) => m[1]),
      ...[...text.matchAll(/DAYS_AHEAD = (\d+)/g)].map((m) => m[1]),
      ...[...text.matchAll(/IST_OFFSET_MS \+ (\d+) \* 86_400_000/g)].map((m) => m[1]),
    ];
    for (const day of days) byDay.set(day, [...(byDay.get(day) ?? []), file]);
  }
  expect(byDay.size).toBeGreaterThan(10);
  const shared = [...byDay].filter(([, files]) => files.length > 1);
  expect(shared, 'days booked by more than one test').toEqual([]);
});
