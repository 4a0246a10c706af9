import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readManifest, ReleaseRefused } from './checks';
import { precompress } from './make';

/**
 * A shell release (decision 062). Its index.html and chunks name their files by path, so it is
 * built for a placeholder folder (SHELL_BUILD_PATH) and, once checked and given its version, every
 * text file is told its own folder's path before the folder is renamed into place.
 */

const TEXT = /\.(js|mjs|css|html|json|map|svg|txt|xml)$/;

async function textFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && TEXT.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
}

/** The path the candidate's files were built for: a release folder's, never the site's root. */
async function builtPathOf(folder: string): Promise<string> {
  const publicPath = (await readManifest(folder)).metaData?.publicPath ?? '';
  if (!/\/releases\/shell\/[^/]+\/$/.test(publicPath)) {
    throw new ReleaseRefused(`the shell in ${folder} is built for ${publicPath || 'no path'}, not for a release: release it with \`pnpm release shell\` (or a build with SITE_PUBLIC_PATH)`);
  }
  return publicPath;
}

export async function assertShellBuiltForRelease(folder: string): Promise<void> {
  await builtPathOf(folder);
}

/** Points the candidate's files at their release's own folder (`publicPath`), then precompresses them. */
export async function placeShellRelease(repoRoot: string, folder: string, publicPath: string): Promise<void> {
  const built = await builtPathOf(folder);
  for (const file of await textFiles(folder)) {
    const text = await readFile(file, 'utf8');
    if (text.includes(built)) await writeFile(file, text.replaceAll(built, publicPath));
  }
  await precompress(repoRoot, folder);
}
