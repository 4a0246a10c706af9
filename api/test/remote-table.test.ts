// The remote table (shared/src/remotes.js) against the files that cannot import it: the remotes'
// sources and the nginx template (the shell's own test checks its remotes.json).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTE_DIRS, REMOTE_NAMES, exposesOf, remoteDir } from '@site/shared/remotes';

const root = path.resolve(import.meta.dirname, '../..');

describe('the remote table', () => {
  it('names a package folder and an existing file for every exposed module', () => {
    for (const name of REMOTE_NAMES) {
      expect(existsSync(path.join(root, remoteDir(name), 'package.json')), name).toBe(true);
      for (const file of Object.values(exposesOf(name))) {
        expect(existsSync(path.join(root, remoteDir(name), file)), `${name} ${file}`).toBe(true);
      }
    }
  });

  it('is what nginx serves under /remotes/', () => {
    const template = readFileSync(path.join(root, 'deploy/nginx/site.conf.template'), 'utf8');
    const served = /location ~ \^\/remotes\/\(([^)]+)\)/.exec(template)?.[1]?.split('|');
    expect(served?.sort()).toEqual([...REMOTE_DIRS].sort());
  });
});
