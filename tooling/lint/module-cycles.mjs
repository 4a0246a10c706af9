import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The api's modules (`api/src/modules/<name>/`) must not call each other in a circle. A module uses
 * another by importing from its folder or by calling the service it decorates the app with
 * (`app.<decorator>`, declared in its `interface FastifyInstance`): Fastify's decorators hide such
 * calls from import-based cycle rules, so both kinds of use are edges here.
 */

/** Every `.ts` source file under `dir` (tests left out). */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const moduleOf = (modulesDir, file) => path.relative(modulesDir, file).split(path.sep)[0];

function walk(node, visit) {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/** The decorators a file declares: the members of `interface FastifyInstance` in `declare module 'fastify'`. */
function declaredDecorators(source) {
  const names = [];
  walk(source, (node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'FastifyInstance') {
      for (const member of node.members) if (member.name && ts.isIdentifier(member.name)) names.push(member.name.text);
    }
  });
  return names;
}

/** The graph of the modules under `modulesDir`: for each module, the modules it uses and where. */
export function moduleGraph(modulesDir) {
  const files = sourceFiles(modulesDir).map((file) => ({
    file,
    module: moduleOf(modulesDir, file),
    source: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
  }));
  const owner = new Map();
  for (const { module, source } of files) for (const name of declaredDecorators(source)) owner.set(name, module);

  /** module → used module → the uses: { file, line, column, what } */
  const edges = new Map();
  const use = (from, to, file, source, node, what) => {
    if (!to || to === from) return;
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    if (!edges.has(from)) edges.set(from, new Map());
    const targets = edges.get(from);
    if (!targets.has(to)) targets.set(to, []);
    targets.get(to).push({ file, line: line + 1, column: character, what });
  };
  for (const { file, module, source } of files) {
    walk(source, (node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const specifier = node.moduleSpecifier.text;
        if (!specifier.startsWith('.')) return;
        const target = path.resolve(path.dirname(file), specifier);
        if (path.relative(modulesDir, target).startsWith('..')) return;
        use(module, moduleOf(modulesDir, target), file, source, node, `imports ${specifier}`);
      } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.name) && owner.has(node.name.text)) {
        const receiver = node.expression.getText(source);
        if (receiver === 'app' || receiver.endsWith('.server')) use(module, owner.get(node.name.text), file, source, node, `calls ${receiver}.${node.name.text}`);
      }
    });
  }
  return edges;
}

/** The groups of modules that reach each other (Tarjan's strongly connected components, larger than one). */
export function cycles(edges) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const groups = [];
  const visit = (module) => {
    indexOf.set(module, index);
    low.set(module, index++);
    stack.push(module);
    for (const next of edges.get(module)?.keys() ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module), low.get(next)));
      } else if (stack.includes(next)) low.set(module, Math.min(low.get(module), indexOf.get(next)));
    }
    if (low.get(module) === indexOf.get(module)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        group.push(member);
      } while (member !== module);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const module of edges.keys()) if (!indexOf.has(module)) visit(module);
  return groups;
}

const cache = new Map();
/** The graph and its cycles, made once per lint run (rebuilt when a module file changed since). */
function analysis(modulesDir) {
  const stamp = Math.max(...sourceFiles(modulesDir).map((file) => statSync(file).mtimeMs));
  const known = cache.get(modulesDir);
  if (known && known.stamp === stamp) return known;
  const edges = moduleGraph(modulesDir);
  const inCycle = new Map();
  for (const group of cycles(edges)) for (const module of group) inCycle.set(module, new Set(group));
  const fresh = { stamp, edges, inCycle };
  cache.set(modulesDir, fresh);
  return fresh;
}

/** ESLint rule: reports, in a module's file, each use of a module that uses it back (directly or through others). */
export const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No call or import cycle between the api modules (api/src/modules/*).' },
    schema: [
      {
        type: 'object',
        properties: { known: { type: 'array', items: { type: 'array', items: { type: 'string' } } } },
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'modules/{{from}} {{what}} (modules/{{to}}), which uses modules/{{from}} back: {{group}} call each other in a circle. Let the lower module be called, never call back (a job or a parameter turns a call around).',
    },
  },
  create(context) {
    const file = context.filename;
    const marker = `${path.sep}api${path.sep}src${path.sep}modules${path.sep}`;
    const at = file.lastIndexOf(marker);
    if (at < 0) return {};
    const modulesDir = file.slice(0, at + marker.length - 1);
    const from = moduleOf(modulesDir, file);
    return {
      Program() {
        const { edges, inCycle } = analysis(modulesDir);
        const group = inCycle.get(from);
        if (!group) return;
        // A circle named in `known` is tolerated exactly as it is: one module more or less, and it fails.
        const known = (context.options[0]?.known ?? []).some((names) => names.length === group.size && names.every((name) => group.has(name)));
        if (known) return;
        for (const [to, uses] of edges.get(from) ?? []) {
          if (!group.has(to)) continue;
          for (const found of uses.filter((u) => u.file === file)) {
            context.report({
              loc: { line: found.line, column: found.column },
              messageId: 'cycle',
              data: { from, to, what: found.what, group: [...group].map((m) => `modules/${m}`).join(', ') },
            });
          }
        }
      },
    };
  },
};

export const moduleCyclesPlugin = { rules: { 'no-module-cycle': noModuleCycle } };
