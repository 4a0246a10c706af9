import { readdir, readFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { createRefreshTokenService } from '../src/modules/auth/refresh-tokens';
import { createUsersService } from '../src/modules/users/service';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs the admin CLI as an operator would, with `input` piped to its standard input. */
function runCli(args: string[], input: string, dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin-create.ts', ...args], {
      cwd: apiRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(input);
  });
}

describe('admin:create', () => {
  it('reads the password from standard input with --password-stdin', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-cli-'));
    const run = await runCli(['--username', 'cli-admin', '--email', 'cli-admin@example.com', '--password-stdin'], 'a piped password\n', dataDir);
    expect(run.output).toContain('Created admin cli-admin.');
    expect(run.code).toBe(0);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const users = createUsersService(database.db, createRefreshTokenService(database.db), async () => {});
      // The trailing line break from `echo` is not part of the password.
      expect((await users.verifyCredentials('cli-admin', 'a piped password'))?.role).toBe('admin');
    } finally {
      await database.close();
    }
    // A fresh process: tsx, an embedded Postgres and its migrations start from nothing.

    // A new password for the same admin: its owner is told before the command ends.
    const again = await runCli(['--username', 'cli-admin', '--email', 'cli-admin@example.com', '--password-stdin'], 'another piped password\n', dataDir);
    expect(again.output).toContain('Updated admin cli-admin.');
    const mails = await Promise.all((await readdir(path.join(dataDir, 'outbox'))).map((file) => readFile(path.join(dataDir, 'outbox', file), 'utf8')));
    expect(mails.filter((mail) => mail.includes('To: cli-admin@example.com') && mail.includes('password was changed'))).toHaveLength(1);
  }, 180_000);

  it.each([['--password', 'visible-in-ps'], ['--password=visible-in-ps']])('refuses a password on the command line (%s)', async (...flag) => {
    const run = await runCli(['--username', 'cli-admin', '--email', 'cli-admin@example.com', ...flag], '', mkdtempSync(path.join(tmpdir(), 'admin-cli-')));
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/--password is not accepted.*--password-stdin/);
  }, 60_000);
});
