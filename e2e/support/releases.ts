import { execFile } from 'node:child_process';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { repoRoot } from '@site/test-support/server';

const run = promisify(execFile);

export interface ReleaseCommand {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `pnpm release|rollback|releases` as an operator runs them beside a running site: the same
 * DATA_DIR (so the same releases and pointers) and, for a cluster, the same DATABASE_URL.
 */
export function releaseCommands(env: Record<string, string>) {
  const pnpm = async (...args: string[]): Promise<ReleaseCommand> => {
    try {
      const { stdout, stderr } = await run('pnpm', ['--silent', ...args], { cwd: repoRoot, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as ReleaseCommand;
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };
  /** A release or rollback that must succeed: the version it printed. */
  const switched = async (...args: string[]): Promise<string> => {
    const result = await pnpm(...args);
    expect(result.code, result.stderr).toBe(0);
    return result.stdout.trim().split('\n').at(-1)!;
  };
  return { pnpm, switched, startedWith: (remote: string) => startedWith(pnpm, remote) };
}

/**
 * The version of `remote`'s release zero (the build the site was started with), once the started
 * site has kept it: `pnpm releases` lists it alone, live.
 */
export async function startedWith(pnpm: (...args: string[]) => Promise<ReleaseCommand>, remote: string): Promise<string> {
  let listed = '';
  await expect.poll(async () => (listed = (await pnpm('releases', remote)).stdout.trim()), { timeout: 30_000 }).toMatch(/^\S+\t\S+\tlive$/);
  return listed.split('\t')[0]!;
}

/** Copies a build (or a release) to `target`, with each replacement made in every file whose name matches; the number of files changed. */
export async function copyChanged(source: string, target: string, files: RegExp, replacements: [string, string][]): Promise<number> {
  await cp(source, target, { recursive: true, force: true });
  let changed = 0;
  for (const entry of await readdir(target, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !files.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, 'utf8');
    const next = replacements.reduce((result, [from, to]) => result.replaceAll(from, to), text);
    if (next !== text) {
      await writeFile(file, next);
      // Its precompressed copies would still be the old text.
      await rm(`${file}.br`, { force: true });
      await rm(`${file}.gz`, { force: true });
      changed += 1;
    }
  }
  return changed;
}

export const shellVersionIn = (html: string) => /\/releases\/shell\/([^/]+)\/main\./.exec(html)?.[1] ?? null;

export { repoRoot };
