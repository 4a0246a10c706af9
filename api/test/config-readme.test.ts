import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configTable, README, withConfigTable } from '../scripts/config-table';
import { ConfigFields } from '../src/config';

describe("the README's Configuration table", () => {
  it('is the one the config schema writes (run `pnpm docs:config` after changing a setting)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(withConfigTable(readme)).toBe(readme);
  });

  it('names every setting the api reads, with its default', () => {
    const table = configTable();
    for (const name of Object.keys(ConfigFields.shape)) expect(table).toContain(`\`${name}\``);
    expect(table).toContain('| `PORT` | `3000` | HTTP port |');
    expect(table).toContain('| `MAIL_RETRY_DELAY_SECONDS`, `MAIL_RETRY_DELAY_MAX_SECONDS`, `MAIL_RETRY_LIMIT` | `20`, `3600`, `32` |');
  });
});
