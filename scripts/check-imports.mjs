// Fails on any import cycle inside the three packages' `src/`, type-only imports included.
//
// Every `.ts` file under packages/{domain,sdk,mock-server}/src is parsed with the TypeScript compiler
// API (syntax only, no type check, so it takes well under a second). Its edges are every relative
// `import … from`, `import type`, `export … from`, `import x = require(…)`, dynamic `import(…)` and
// `import('…').T` type reference, resolved to a file. Tests and test support are included: nothing may
// import a test, so a test file can never sit on a cycle, but test-support modules import each other and
// the code under test, and a cycle among them is as confusing as one in the shipped code.
//
// Imports between packages go through package names (`@glm/domain`), whose direction the packages'
// dependencies already fix (domain ← sdk ← mock-server), so only relative specifiers are followed. A
// relative specifier that resolves to no file is an error, so the check cannot silently miss an edge.
//
// Output: one line per cycle, `a.ts → b.ts → a.ts`, paths relative to the repository root. A DFS reports
// one cycle per back edge, so every strongly connected component with a cycle shows up at least once.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourceRoots = ['packages/domain/src', 'packages/sdk/src', 'packages/mock-server/src'].map((dir) =>
  join(root, dir),
);

function listTypeScript(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listTypeScript(path));
    else if (/\.(m|c)?tsx?$/.test(entry.name)) files.push(path);
  }
  return files;
}

/** Every module specifier a file names, with whether the whole statement is type-only. */
function specifiersOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const add = (node) => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text);
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolveRelative(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, join(base, 'index.ts')];
  // `./x.js` written for `./x.ts` (not the convention here, but resolve it rather than miss the edge).
  if (base.endsWith('.js')) candidates.push(`${base.slice(0, -3)}.ts`);
  return candidates.find((candidate) => existsSync(candidate) && !candidate.endsWith('/')) ?? null;
}

const files = sourceRoots.flatMap(listTypeScript).sort();
const known = new Set(files);
const graph = new Map();
const unresolved = [];
for (const file of files) {
  const targets = new Set();
  for (const specifier of specifiersOf(file)) {
    if (!specifier.startsWith('.')) continue;
    const target = resolveRelative(file, specifier);
    if (target === null || !known.has(target)) {
      // A relative import of a non-TypeScript asset (json, css) is not a module edge of this graph.
      if (target === null && !/\.(json|css|html|svg)$/.test(specifier)) unresolved.push([file, specifier]);
      continue;
    }
    targets.add(target);
  }
  graph.set(file, [...targets].sort());
}

const show = (file) => relative(root, file);
const cycles = [];
const state = new Map(); // undefined: unvisited, 1: on the DFS stack, 2: done
const stack = [];
function visit(file) {
  state.set(file, 1);
  stack.push(file);
  for (const target of graph.get(file)) {
    const seen = state.get(target);
    if (seen === 1) cycles.push([...stack.slice(stack.indexOf(target)), target]);
    else if (seen === undefined) visit(target);
  }
  stack.pop();
  state.set(file, 2);
}
for (const file of files) if (state.get(file) === undefined) visit(file);

for (const [file, specifier] of unresolved)
  console.error(`unresolved import '${specifier}' in ${show(file)}`);
for (const cycle of cycles) console.error(`import cycle: ${cycle.map(show).join(' → ')}`);
if (unresolved.length > 0 || cycles.length > 0) {
  console.error(
    `\n${cycles.length} import cycle(s), ${unresolved.length} unresolved import(s) in ${files.length} files.`,
  );
  process.exit(1);
}
console.log(`No import cycles in ${files.length} files.`);
