import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { moduleCyclesPlugin } from './module-cycles.mjs';

const roots = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

/** api/src/modules/<module>/<file> with the given sources, in a folder of its own. */
function modules(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'module-cycles-'));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, 'api', 'src', 'modules', name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return (name) => path.join(root, 'api', 'src', 'modules', name);
}

function lint(file, text, known = []) {
  return new Linter({ cwd: file.slice(0, file.indexOf(`${path.sep}api${path.sep}`)) }).verify(
    text,
    [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { modules: moduleCyclesPlugin }, rules: { 'modules/no-module-cycle': ['error', { known }] } }],
    file,
  );
}

const decorates = (name) => `declare module 'fastify' { interface FastifyInstance { ${name}: { run(): void } } }\n`;

describe('no-module-cycle', () => {
  it('fails on two modules that call each other through their decorators, at each call', () => {
    const sources = {
      'shop/service.ts': `${decorates('shop')}export const buy = (app: any) => app.ledger.run();\n`,
      'ledger/service.ts': `${decorates('ledger')}export const book = (app: any) => app.shop.run();\n`,
    };
    const at = modules(sources);
    const shop = lint(at('shop/service.ts'), sources['shop/service.ts']);
    expect(shop).toHaveLength(1);
    expect(shop[0].message).toContain('modules/shop calls app.ledger');
    expect(lint(at('ledger/service.ts'), sources['ledger/service.ts'])[0].message).toContain('modules/ledger calls app.shop');
  });

  it('fails on a circle made by an import one way and a call the other, through a third module', () => {
    const sources = {
      'a/routes.ts': "import { helper } from '../b/helper';\nexport const x = helper;\n",
      'b/helper.ts': `${decorates('b')}export const helper = (app: any) => app.c.run();\n`,
      'c/service.ts': `${decorates('c')}export const y = (app: any) => app.a.run();\n`,
      'a/service.ts': decorates('a'),
    };
    const at = modules(sources);
    expect(lint(at('a/routes.ts'), sources['a/routes.ts'])[0].message).toContain('modules/a, modules/b, modules/c');
  });

  it('passes calls that go one way, and a known circle kept exactly as it is', () => {
    const sources = {
      'shop/service.ts': `${decorates('shop')}export const buy = (app: any) => app.ledger.run();\n`,
      'ledger/service.ts': `${decorates('ledger')}export const book = (app: any) => app.config;\n`,
    };
    const at = modules(sources);
    expect(lint(at('shop/service.ts'), sources['shop/service.ts'])).toEqual([]);
    const circle = { ...sources, 'ledger/service.ts': `${decorates('ledger')}export const book = (app: any) => app.shop.run();\n` };
    const again = modules(circle);
    expect(lint(again('shop/service.ts'), circle['shop/service.ts'], [['ledger', 'shop']])).toEqual([]);
    expect(lint(again('shop/service.ts'), circle['shop/service.ts'], [['ledger', 'shop', 'mail']])).toHaveLength(1);
  });
});
