// Fails on any import cycle inside the three packages' `src/`, type-only imports included, and on an
// import that breaks the layers of packages/mock-server/src (CONTRIBUTING.md, "Layers").
//
// Every `.ts` file under packages/{domain,sdk,mock-server}/src is parsed with the TypeScript compiler
// API (syntax only, no type check: about 2 s of CPU for the ~500 files). Its edges are every relative
// `import … from`, `import type`, `export … from`, `import x = require(…)`, dynamic `import(…)` and
// `import('…').T` type reference, resolved to a file. Tests and test support are included in the file
// cycles: nothing may import a test, so a test file can never sit on a cycle, but test-support modules
// import each other and the code under test, and a cycle among them is as confusing as one in the
// shipped code.
//
// Imports between packages go through package names (`@glm/domain`), whose direction the packages'
// dependencies already fix (domain ← sdk ← mock-server), so only relative specifiers are followed. A
// relative specifier that resolves to no file is an error, so the check cannot silently miss an edge.
//
// In packages/mock-server/src, shipped code (not tests, not test support) also keeps to three rules:
// - every top folder has a layer (MOCK_SERVER_LAYERS, one row per folder, no file overrides), and a
//   module imports its own layer or a lower one, never a higher one; the files at the top of src/
//   (index.ts) are the package's entry points and may import any layer, and nothing imports them;
// - no two top folders import each other, directly or through others (a folder cycle), even within a
//   layer;
// - below the top, no two sibling folders (the subfolders of one folder, at every depth) import each
//   other, directly or through other siblings. A folder's own files may use its subfolders and be used
//   by them: they are the folder's shared parts.
//
// Output: one line per problem, naming the importing file, its line and the specifier, paths relative
// to the repository root; a cycle is printed as `a → b → a` with the import behind each step.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourceRoots = ['packages/domain/src', 'packages/sdk/src', 'packages/mock-server/src'].map((dir) =>
  join(root, dir),
);

// The layers of packages/mock-server/src, one row per top folder, lowest first.
const MOCK_SERVER_LAYERS = {
  // 0: the engine (state, clock, scheduler, random source), store, events, keys, and the outcome every
  // operation answers with.
  core: 0,
  // 1: what the API does, one folder per resource, each operation a definition run by `invoke`.
  operations: 1,
  // 2: the entry points over HTTP: the pipeline, router, endpoints and OpenAPI document; the hosted
  // pages and the dashboard.
  http: 2,
  pages: 2,
  // 3: the assembled service, its JavaScript test API and snapshots.
  service: 3,
  // 4: what runs the service: the msw and node adapters, the glm-mock command line.
  adapters: 4,
  cli: 4,
};

function listTypeScript(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listTypeScript(path));
    else if (/\.(m|c)?tsx?$/.test(entry.name)) files.push(path);
  }
  return files;
}

/** Every relative module specifier a file names, with the line it is on. */
function specifiersOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const add = (node) => {
    if (!node || !ts.isStringLiteralLike(node)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ specifier: node.text, line });
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
/** file → its imports of known files: `{ target, specifier, line }`, one per target. */
const graph = new Map();
const unresolved = [];
for (const file of files) {
  const edges = new Map();
  for (const { specifier, line } of specifiersOf(file)) {
    if (!specifier.startsWith('.')) continue;
    const target = resolveRelative(file, specifier);
    if (target === null || !known.has(target)) {
      // A relative import of a non-TypeScript asset (json, css) is not a module edge of this graph; a test
      // may import the package's test/ folder, which is outside src/.
      if (target === null && !/\.(json|css|html|svg)$/.test(specifier)) {
        unresolved.push(`${show(file)}:${line} imports '${specifier}', which is no file`);
      }
      continue;
    }
    if (!edges.has(target)) edges.set(target, { target, specifier, line });
  }
  graph.set(
    file,
    [...edges.values()].sort((a, b) => (a.target < b.target ? -1 : 1)),
  );
}

function show(file) {
  return relative(root, file);
}

/** `file:line imports 'specifier'`. */
const importText = (file, edge) => `${show(file)}:${edge.line} imports '${edge.specifier}'`;

// File cycles, in all three packages: a DFS reports one cycle per back edge, so every strongly
// connected component with a cycle shows up at least once.
const fileCycles = [];
{
  const state = new Map(); // undefined: unvisited, 1: on the DFS stack, 2: done
  const stack = [];
  const visit = (file) => {
    state.set(file, 1);
    stack.push(file);
    for (const { target } of graph.get(file)) {
      const seen = state.get(target);
      if (seen === 1) fileCycles.push([...stack.slice(stack.indexOf(target)), target]);
      else if (seen === undefined) visit(target);
    }
    stack.pop();
    state.set(file, 2);
  };
  for (const file of files) if (state.get(file) === undefined) visit(file);
}

// The mock server's layers and folders. Only shipped code counts: tests and test support may import any
// layer (they assemble whole services to exercise one module).
const mockServerSource = join(root, 'packages/mock-server/src');
const isTest = (file) => /\.test(-d)?\.ts$/.test(file) || file.split(sep).includes('test-support');
const shipped = files.filter((file) => file.startsWith(`${mockServerSource}${sep}`) && !isTest(file));
/** A mock-server file's folders below src/ (`['http', 'endpoints']`); empty for a file at the top. */
const foldersOf = (file) => relative(mockServerSource, file).split(sep).slice(0, -1);

const upward = [];
const unlayered = new Set();
const intoEntry = [];
for (const file of shipped) {
  const [from] = foldersOf(file);
  for (const edge of graph.get(file)) {
    if (!edge.target.startsWith(`${mockServerSource}${sep}`)) continue;
    const [to] = foldersOf(edge.target);
    if (to === undefined) {
      intoEntry.push(
        `${importText(file, edge)}: the files at the top of src/ are entry points; nothing imports them`,
      );
      continue;
    }
    if (from === undefined) continue;
    for (const folder of [from, to]) if (!(folder in MOCK_SERVER_LAYERS)) unlayered.add(folder);
    const fromLayer = MOCK_SERVER_LAYERS[from];
    const toLayer = MOCK_SERVER_LAYERS[to];
    if (fromLayer === undefined || toLayer === undefined || toLayer <= fromLayer) continue;
    upward.push(`${importText(file, edge)}: ${from}/ (layer ${fromLayer}) imports ${to}/ (layer ${toLayer})`);
  }
}
for (const file of shipped) {
  const [top] = foldersOf(file);
  if (top !== undefined && !(top in MOCK_SERVER_LAYERS)) unlayered.add(top);
}

/**
 * Folder cycles among the subfolders of `parent` (the top folders for `[]`): an edge A → B when a file
 * under A imports a file under B. Answers each cycle as its folders, with one import behind each step.
 */
function folderCycles(parent) {
  const depth = parent.length;
  const inside = (folders) => parent.every((name, i) => folders[i] === name) && folders.length > depth;
  const edges = new Map(); // child → Map(child → witness)
  for (const file of shipped) {
    const from = foldersOf(file);
    if (!inside(from)) continue;
    for (const edge of graph.get(file)) {
      if (!edge.target.startsWith(`${mockServerSource}${sep}`)) continue;
      const to = foldersOf(edge.target);
      if (!inside(to) || to[depth] === from[depth]) continue;
      const out = edges.get(from[depth]) ?? new Map();
      if (!out.has(to[depth])) out.set(to[depth], importText(file, edge));
      edges.set(from[depth], out);
    }
  }
  // Tarjan's strongly connected components: a component of two or more folders is a cycle.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  const connect = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of (edges.get(node) ?? new Map()).keys()) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    for (let member = stack.pop(); ; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) components.push(component);
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);
  // Each component as its folders and its shortest cycle through the first of them (a search that
  // stays inside it), with the import behind each step.
  const prefix = parent.length === 0 ? '' : `${parent.join('/')}/`;
  const where = parent.length === 0 ? '' : `/${parent.join('/')}`;
  return components.map((component) => {
    const members = new Set(component);
    const [start] = [...component].sort();
    const previous = new Map();
    const queue = [start];
    for (let head = 0; head < queue.length && !previous.has(start); head++) {
      const here = queue[head];
      for (const next of [...(edges.get(here) ?? new Map()).keys()].sort()) {
        if (!members.has(next) || previous.has(next)) continue;
        previous.set(next, here);
        queue.push(next);
      }
    }
    const path = [start];
    for (let step = previous.get(start); step !== start; step = previous.get(step)) path.unshift(step);
    path.unshift(start);
    const names = [...component].sort().map((name) => `${prefix}${name}/`);
    const steps = path.slice(1).map((to, i) => `    ${edges.get(path[i]).get(to)}`);
    return (
      `folder cycle in packages/mock-server/src${where} among ${names.join(', ')}: ` +
      `${path.map((name) => `${prefix}${name}/`).join(' → ')}\n${steps.join('\n')}`
    );
  });
}

const folders = new Set([JSON.stringify([])]);
for (const file of shipped) {
  const path = foldersOf(file);
  for (let i = 1; i < path.length; i++) folders.add(JSON.stringify(path.slice(0, i)));
}
const cycles = [...folders].sort().flatMap((folder) => folderCycles(JSON.parse(folder)));

for (const folder of [...unlayered].sort()) {
  console.error(`no layer for packages/mock-server/src/${folder}/: add a row for it to MOCK_SERVER_LAYERS`);
}
for (const line of upward) console.error(`upward import: ${line}`);
for (const line of intoEntry) console.error(`import of an entry point: ${line}`);
for (const cycle of cycles) console.error(cycle);
for (const line of unresolved) console.error(`unresolved import: ${line}`);
for (const cycle of fileCycles) console.error(`import cycle: ${cycle.map(show).join(' → ')}`);
const problems =
  unlayered.size + upward.length + intoEntry.length + cycles.length + unresolved.length + fileCycles.length;
if (problems > 0) {
  console.error(
    `\n${fileCycles.length} file cycle(s), ${cycles.length} folder cycle(s), ${upward.length} upward import(s), ` +
      `${unlayered.size} folder(s) without a layer, ${intoEntry.length} import(s) of an entry point and ` +
      `${unresolved.length} unresolved import(s) in ${files.length} files.`,
  );
  process.exit(1);
}
console.log(
  `No import cycles in ${files.length} files; in packages/mock-server/src every import points down a ` +
    'layer and no two folders import each other.',
);
