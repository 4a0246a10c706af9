// The remote table (shared/src/remotes.js) against what is made from it: the remotes' sources and
// the nginx configuration (the shell's own test checks its remotes.json).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTE_DIRS, REMOTE_NAMES, exposesOf, remoteDir } from '@site/shared/remotes';
import { renderNginxSite } from '../../deploy/render-nginx.mjs';
import { MAX_UPLOAD_BYTES } from '../src/modules/media/service';

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

  it('is what nginx serves under /remotes/, and nginx takes uploads as large as the api does', () => {
    const site = renderNginxSite({ apis: ['127.0.0.1:3000'], webRoot: root, listen: '80' });
    const served = /location ~ \^\/remotes\/\(([^)]+)\)/.exec(site)?.[1]?.split('|');
    expect(served?.sort()).toEqual([...REMOTE_DIRS].sort());
    const [, megabytes] = /client_max_body_size (\d+)m;/.exec(site) ?? [];
    expect(Number(megabytes) * 1024 * 1024).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(Number(megabytes) * 1024 * 1024).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 2 * 1024 * 1024);
  });
});
