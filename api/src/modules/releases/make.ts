import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { cp, lstat, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SHELL, SHELL_BUILD_PATH, versionOf } from './store';
import { ReleaseRefused } from './checks';

/** A candidate release, built (or copied) into a folder of its own beside the releases. */
export interface Candidate {
  remote: string;
  folder: string;
}

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; shell?: boolean }): Promise<void> {
  return new Promise((resolve, reject) => {
    // The build's own output goes to stderr: stdout carries only the release's answer.
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 2, 2], shell: options.shell ?? false });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

const stagingOf = async (releasesDir: string, remote: string) => {
  const folder = path.join(releasesDir, remote, `.candidate-${randomUUID()}`);
  await mkdir(folder, { recursive: true });
  return folder;
};

/**
 * Builds a remote from this checkout (browser build, server container, precompressed files)
 * straight into a candidate folder: the remote's dist, which may be what the site serves, is not
 * touched.
 */
export async function buildCandidate(repoRoot: string, releasesDir: string, remote: string): Promise<Candidate> {
  const folder = await stagingOf(releasesDir, remote);
  try {
    const filter = ['--filter', `./${remote}`];
    // The shell's page names its files by path: built for a placeholder folder, given its own with its version (shell.ts).
    const env = { SITE_BUILD_OUT: folder, FORCE_COLOR: '0', ...(remote === SHELL ? { SITE_PUBLIC_PATH: SHELL_BUILD_PATH } : {}) };
    await run('pnpm', [...filter, 'exec', 'rspack', 'build', '--mode', 'production'], { cwd: repoRoot, env });
    if (remote !== SHELL) await precompress(repoRoot, folder);
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return { remote, folder };
}

/** A build made elsewhere (a remote's dist, or CI's artifact) as a candidate. */
export async function copyCandidate(releasesDir: string, remote: string, from: string): Promise<Candidate> {
  const folder = await stagingOf(releasesDir, remote);
  try {
    await cp(from, folder, {
      recursive: true,
      // A link would serve whatever it points at, outside the build, as an immutable public file.
      filter: async (source) => {
        if (source !== from && (await lstat(source)).isSymbolicLink()) throw new ReleaseRefused(`${path.relative(from, source)} is a symbolic link; a release holds files only`);
        return path.basename(source) !== 'release.json';
      },
    });
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return { remote, folder };
}

async function filesOf(folder: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(folder, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesOf(folder, path.join(prefix, entry.name)) : Promise.resolve([path.join(prefix, entry.name)]))),
  );
  return nested.flat().sort();
}

/**
 * A hash of every file of the candidate, by path and content. Each file is streamed through it: a
 * running instance hashes the builds it started with (zero.ts) without holding any of them.
 */
export async function contentHash(folder: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await filesOf(folder)) {
    hash.update(file).update('\0');
    await pipeline(createReadStream(path.join(folder, file)), async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) hash.update(chunk);
    });
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Writes .br and .gz beside the folder's text files (the build tooling's own step). */
export const precompress = (repoRoot: string, folder: string) => run('pnpm', ['--filter', './shell', 'exec', 'precompress', folder], { cwd: repoRoot });

/** What release.json says of a release made of the build a site was started with (zero.ts). */
export interface ReleaseMarks {
  release_zero?: true;
}

/**
 * Gives the checked candidate its version: `place` finishes its files for it (the shell's), then its
 * folder is renamed into place, never changed after.
 */
export async function keepCandidate(
  releasesDir: string,
  candidate: Candidate,
  at = new Date(),
  place?: (folder: string, version: string) => Promise<void>,
  marks: ReleaseMarks = {},
): Promise<string> {
  const version = versionOf(at, await contentHash(candidate.folder));
  await place?.(candidate.folder, version);
  await writeFile(path.join(candidate.folder, 'release.json'), JSON.stringify({ remote: candidate.remote, version, created_at: at.toISOString(), ...marks }, null, 2));
  await rename(candidate.folder, path.join(releasesDir, candidate.remote, version));
  return version;
}

export const discardCandidate = (candidate: Candidate) => rm(candidate.folder, { recursive: true, force: true });

/**
 * Publishes a kept release to the host that serves releases (RELEASES_PUBLISH, run by a shell with
 * `RELEASE_DIR` and `RELEASE_URL` set), before it goes live: a failure refuses the release.
 */
export async function publish(command: string, folder: string, url: string): Promise<void> {
  await run(command, [], { cwd: folder, env: { RELEASE_DIR: folder, RELEASE_URL: url }, shell: true });
}
