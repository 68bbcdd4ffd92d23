// Fails on any import cycle inside the three packages' `src/`, type-only imports included.
//
// Every `.ts` file under packages/{domain,sdk,mock-server}/src is parsed with the TypeScript compiler
// API (syntax only, no type check: about 2 s of CPU for the ~450 files). Its edges are every relative
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
//
// It also checks the layers of packages/mock-server/src (CONTRIBUTING.md): no import points up a layer.
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
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
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

// Layers of packages/mock-server/src (CONTRIBUTING.md, "Mock server layers"): a module may import its own
// layer or a lower one, never a higher one. The longest matching path prefix decides a file's layer.
// Tests and test support may import any layer: they assemble whole services to exercise one module.
const mockServerSource = join(root, 'packages/mock-server/src');
const mockServerLayers = [
  // 0, core: state, clock, keys and the refusal every operation answers with.
  ['core/', 0],
  // 1, operations: what the API does, called by every entry point above, one folder per resource with
  // the money and delivery machinery its operations share.
  ['operations/', 1],
  // 2, entry points: the HTTP pipeline and its endpoints, the OpenAPI document, hosted pages, the
  // assembled service with its JavaScript test API.
  ['http/', 2],
  ['pages/', 2],
  ['service/', 2],
  ['adapters/', 3],
  ['cli/', 3],
  ['index.ts', 3],
];
const isTest = (file) => /\.test(-d)?\.ts$/.test(file) || file.split('/').includes('test-support');
function layerOf(file) {
  const path = relative(mockServerSource, file);
  let best = null;
  for (const [prefix, layer] of mockServerLayers) {
    if (
      (path === prefix || (prefix.endsWith('/') && path.startsWith(prefix))) &&
      (best === null || prefix.length > best[0].length)
    ) {
      best = [prefix, layer];
    }
  }
  return best;
}
const upward = [];
const unlayered = [];
for (const [file, targets] of graph) {
  if (!file.startsWith(`${mockServerSource}/`) || isTest(file)) continue;
  const from = layerOf(file);
  if (from === null) {
    unlayered.push(file);
    continue;
  }
  for (const target of targets) {
    const to = layerOf(target);
    if (to === null || to[1] <= from[1]) continue;
    const edge = `${relative(mockServerSource, file)} → ${relative(mockServerSource, target)}`;
    upward.push(`${edge} (layer ${from[1]} imports layer ${to[1]})`);
  }
}

for (const file of unlayered) console.error(`no layer for ${show(file)}: add its folder to mockServerLayers`);
for (const edge of upward) console.error(`upward import in packages/mock-server/src: ${edge}`);
for (const [file, specifier] of unresolved)
  console.error(`unresolved import '${specifier}' in ${show(file)}`);
for (const cycle of cycles) console.error(`import cycle: ${cycle.map(show).join(' → ')}`);
if (unresolved.length > 0 || cycles.length > 0 || upward.length > 0 || unlayered.length > 0) {
  console.error(
    `\n${cycles.length} import cycle(s), ${unresolved.length} unresolved import(s) in ${files.length} files.`,
  );
  process.exit(1);
}
console.log(`No import cycles in ${files.length} files; every mock-server import points down a layer.`);
