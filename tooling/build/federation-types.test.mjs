// A remote's published types (Module Federation's DTS) fail its consumer's type check when an
// expose it composes is removed or its props change (decision 063).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consume, generate } from './federation-types.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
const run = promisify(execFile);

const EXPOSES = { './Greeting': './src/app/greeting.tsx', './Farewell': './src/app/farewell.tsx' };
const component = (props) => `export default function Component(${props}) { return null; }\n`;

/** A project folder beside the shell's packages (React's types and the federation runtime resolve from there). */
async function project(parent, name, files) {
  const dir = path.join(parent, name);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

async function typecheck(dir) {
  try {
    await run(process.execPath, [tsc, '--noEmit', '-p', dir]);
    return '';
  } catch (error) {
    return /** @type {{ stdout: string }} */ (error).stdout;
  }
}

describe('federation types', () => {
  let parent;
  let remote;
  let consumer;
  beforeAll(async () => {
    parent = await mkdtemp(path.join(root, 'shell', 'node_modules', '.federation-types-test-'));
    const base = { extends: path.relative(path.join(parent, 'x'), path.join(root, 'tsconfig.base.json')) };
    remote = await project(parent, 'remote', {
      'tsconfig.json': JSON.stringify({ ...base, include: ['src'] }),
      'src/app/greeting.tsx': component('{ name }: { name: string }'),
      'src/app/farewell.tsx': component(''),
    });
    consumer = await project(parent, 'consumer', {
      'tsconfig.json': JSON.stringify({
        ...base,
        compilerOptions: { paths: { 'fixture_remote/*': ['./node_modules/.federation-types/fixture_remote/*'] } },
        include: ['src', 'node_modules/.federation-types/index.d.ts'],
      }),
      'src/composes.ts': [
        "import type { JSXElementConstructor } from 'react';",
        "import type { PackageType, RemoteKeys } from '@module-federation/enhanced/runtime';",
        'type PropsOf<Id extends RemoteKeys> = PackageType<Id> extends { default: JSXElementConstructor<infer P> } ? P : never;',
        "export const greeting = { name: 'Ada' } satisfies PropsOf<'fixture_remote/Greeting'>;",
        "export const farewell = 'fixture_remote/Farewell' satisfies RemoteKeys;",
        '',
      ].join('\n'),
    });
  });
  afterAll(() => rm(parent, { recursive: true, force: true }));

  const publish = async (exposes) => consume(consumer, { fixture_remote: await generate('fixture_remote', { context: remote, exposes, force: true }) });

  it('passes while the remote exposes what the consumer composes, and fails when an expose is removed or its props change', async () => {
    await publish(EXPOSES);
    expect(await typecheck(consumer)).toBe('');

    await publish({ './Greeting': EXPOSES['./Greeting'] });
    expect(await typecheck(consumer)).toMatch(/composes\.ts\(5,\d+\): error TS1360: Type '"fixture_remote\/Farewell"' does not satisfy the expected type '"fixture_remote\/Greeting"'/);

    await writeFile(path.join(remote, 'src/app/greeting.tsx'), component('{ title }: { title: string }'));
    await publish(EXPOSES);
    expect(await typecheck(consumer)).toMatch(/composes\.ts\(4,\d+\): error TS\d+: .*title/);
  }, 600_000);
});
