import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { open, readdir, readFile, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from 'age-encryption';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, uniqueName } from './accounts-helpers';
import { appOn, counts, newDataDir } from './backup-helpers';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'a password kept across the move';

/** Runs a CLI as an operator would, on the embedded database in `dataDir`. */
function runCli(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${script}.ts`, ...args], {
      cwd: apiRoot,
      env: { ...process.env, DATABASE_URL: '', BACKUP_KEY: '', INIT_CWD: apiRoot, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function firstBytes(file: string, length: number): Promise<string> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, 0);
    return buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await handle.close();
  }
}

describe('pnpm backup and pnpm restore with BACKUP_KEY', () => {
  const sourceDir = newDataDir();
  const outDir = mkdtempSync(path.join(tmpdir(), 'backup-out-'));
  const archive = path.join(outDir, 'site.tar.age');
  const admin = uniqueName('owner');
  let key: string;
  let before: Record<string, number>;
  let tokenBefore: string;

  beforeAll(async () => {
    key = await generateX25519Identity();
    const { app, database } = await appOn({ DATA_DIR: sourceDir });
    await app.users.upsertAdmin({ username: admin, email: `${admin}@example.com`, password: PASSWORD });
    before = await counts(database);
    tokenBefore = (await login(app, admin, PASSWORD)).accessToken;
    await app.close();
  }, 180_000);
  afterAll(() => undefined);

  it('writes an age-encrypted archive of a stopped embedded database', async () => {
    const run = await runCli('backup', ['--out', archive], { DATA_DIR: sourceDir, BACKUP_KEY: key });
    expect(run.output).toMatch(/site\.tar\.age: \d+ bytes, encrypted;/);
    expect(run.code).toBe(0);
    expect(await firstBytes(archive, 21)).toBe('age-encryption.org/v1');
    expect((await readdir(outDir)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  }, 180_000);

  it('fails clearly without the key or with another one, and leaves the target untouched', async () => {
    const target = newDataDir();
    const none = await runCli('restore', [archive], { DATA_DIR: target });
    expect(none.code).toBe(1);
    expect(none.output).toContain('This archive is encrypted: set BACKUP_KEY');
    const wrong = await runCli('restore', [archive], { DATA_DIR: target, BACKUP_KEY: await generateX25519Identity() });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain('BACKUP_KEY does not open this archive');
    const recipientOnly = await runCli('restore', [archive], { DATA_DIR: target, BACKUP_KEY: await identityToRecipient(key) });
    expect(recipientOnly.output).toContain('decrypting needs the identity');
    expect(await readdir(target)).toEqual([]);
  }, 180_000);

  it('refuses a plain archive while BACKUP_KEY is set, unless --allow-plain', async () => {
    const plain = path.join(outDir, 'plain.tar');
    expect((await runCli('backup', ['--out', plain], { DATA_DIR: sourceDir })).code).toBe(0);
    const target = newDataDir();
    const refused = await runCli('restore', [plain], { DATA_DIR: target, BACKUP_KEY: key });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('This archive is not encrypted, though BACKUP_KEY is set');
    expect(await readdir(target)).toEqual([]);
    const allowed = await runCli('restore', [plain, '--allow-plain'], { DATA_DIR: target, BACKUP_KEY: key });
    expect(allowed.code, allowed.output).toBe(0);
  }, 180_000);

  it('refuses an archive made with the recipient alone (no digest keyed with the identity) unless --allow-unsigned', async () => {
    const unsigned = path.join(outDir, 'recipient-only.tar.age');
    expect((await runCli('backup', ['--out', unsigned], { DATA_DIR: sourceDir, BACKUP_KEY: await identityToRecipient(key) })).code).toBe(0);
    const target = newDataDir();
    const refused = await runCli('restore', [unsigned], { DATA_DIR: target, BACKUP_KEY: key });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('This archive carries no digest keyed with BACKUP_KEY');
    expect(await readdir(target)).toEqual([]);
    const allowed = await runCli('restore', [unsigned, '--allow-unsigned'], { DATA_DIR: target, BACKUP_KEY: key });
    expect(allowed.code, allowed.output).toBe(0);
  }, 180_000);

  it('refuses an archive whose manifest was changed after it was made, though it is encrypted to the same key', async () => {
    // Opened with the identity, one manifest field changed, sealed again to the recipient: what anyone knowing it could do.
    const decrypter = new Decrypter();
    decrypter.addIdentity(key);
    const plain = Buffer.from(await decrypter.decrypt(new Uint8Array(await readFile(archive))));
    const extract = tar.extract();
    Readable.from([plain]).pipe(extract);
    const pack = tar.pack();
    const names: string[] = [];
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      let body = Buffer.concat(chunks);
      if (entry.header.name === 'manifest.json') body = Buffer.from(body.toString('utf8').replace(/"created_at": "[^"]+"/, '"created_at": "2020-01-01T00:00:00.000Z"'));
      names.push(entry.header.name);
      pack.entry({ name: entry.header.name, size: body.byteLength }, body);
    }
    pack.finalize();
    expect(names.slice(0, 2)).toEqual(['manifest.json', 'manifest.hmac']);
    const chunks: Buffer[] = [];
    for await (const chunk of pack) chunks.push(chunk as Buffer);
    const encrypter = new Encrypter();
    encrypter.addRecipient(await identityToRecipient(key));
    const forged = path.join(outDir, 'forged.tar.age');
    await writeFile(forged, await encrypter.encrypt(new Uint8Array(Buffer.concat(chunks))));

    const target = newDataDir();
    const refused = await runCli('restore', [forged, '--allow-unsigned'], { DATA_DIR: target, BACKUP_KEY: key });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("This archive's digest does not match BACKUP_KEY");
    expect(await readdir(target)).toEqual([]);
  }, 180_000);

  it('restores with the right key: same counts, same signing secrets, the admin signs in with the same password', async () => {
    const target = newDataDir();
    const run = await runCli('restore', [archive], { DATA_DIR: target, BACKUP_KEY: key });
    expect(run.output).toMatch(/^Restored into the embedded database in .+: \d+ rows in \d+ tables, \d+ media/);
    expect(run.code).toBe(0);
    expect(run.output).not.toContain('holds no signing secrets');

    const refused = await runCli('restore', [archive], { DATA_DIR: target, BACKUP_KEY: key });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('pass --force');

    const forced = await runCli('restore', [archive, '--force'], { DATA_DIR: target, BACKUP_KEY: key });
    expect(forced.code).toBe(0);

    const { app, database } = await appOn({ DATA_DIR: target });
    try {
      expect(await counts(database)).toEqual(before);
      expect((await login(app, admin, PASSWORD)).accessToken).toBeTruthy();
      // An encrypted archive carries the signing secrets: a token signed before the move still counts.
      expect((await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${tokenBefore}` } })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 240_000);
});
