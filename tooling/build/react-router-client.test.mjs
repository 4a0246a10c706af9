import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_ROOTS = ['shell/src', 'shared/src', ...readdirSync(root).filter((dir) => dir.startsWith('mfe-')).map((dir) => `${dir}/src`)];

/** Every non-test source file of the browser packages. */
function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(file);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield file;
  }
}

/** The names the packages import from react-router (either package name), types left out. */
function importedNames() {
  const names = new Set();
  for (const dir of SOURCE_ROOTS) {
    for (const file of sources(path.join(root, dir))) {
      for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s+(?!type\s)\{([^}]+)\}\s+from\s+'react-router(?:-dom)?'/g)) {
        for (const name of list.split(',').map((part) => part.trim())) if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]);
      }
    }
  }
  return names;
}

describe('the router subset the builds alias react-router to', () => {
  it('exports exactly what the browser packages import: each export is kept whole on every page', () => {
    const text = readFileSync(path.join(root, 'tooling/build/react-router-client.mjs'), 'utf8');
    const exported = /export\s*\{([^}]+)\}/.exec(text)[1].split(',').map((name) => name.trim()).filter(Boolean);
    expect(exported.length).toBeGreaterThan(5);
    expect(new Set(exported)).toEqual(importedNames());
  });
});
