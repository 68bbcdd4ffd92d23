// biome-ignore lint/style/noRestrictedImports: the test reads the package's own sources from disk.
import { readdirSync, readFileSync } from 'node:fs';
// biome-ignore lint/style/noRestrictedImports: see above.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, test } from 'vitest';

// The domain is pure: no clock, no randomness it does not receive, no I/O, no console. Its tsconfig
// (lib ES2023, no DOM, no Node types) keeps `fetch`, `setTimeout`, `console` and `process` from
// compiling, but `Date.now()`, `new Date()` and `Math.random()` are ES2023 and compile fine. This test
// reads every source file the package ships and names each use of an impure global by file and line.

/** Globals whose mere mention in shipped code is a defect: I/O, timers, the host, the console. */
const forbiddenGlobals = new Set([
  'console',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'queueMicrotask',
  'fetch',
  'process',
  'globalThis',
  'performance',
  'crypto',
]);

/** `Object.member` reads that answer the clock or a random number. */
const forbiddenMembers = new Set(['Date.now', 'Math.random', 'performance.now']);

/** Whether an identifier names a binding in expression position (not a property or key name). */
function isFreeReference(node: ts.Identifier): boolean {
  const { parent } = node;
  if (ts.isPropertyAccessExpression(parent)) return parent.name !== node;
  if (ts.isQualifiedName(parent)) return parent.right !== node;
  if (ts.isBindingElement(parent) && parent.propertyName === node) return false;
  const isMember =
    ts.isPropertyAssignment(parent) ||
    ts.isPropertySignature(parent) ||
    ts.isPropertyDeclaration(parent) ||
    ts.isMethodSignature(parent) ||
    ts.isMethodDeclaration(parent) ||
    ts.isGetAccessor(parent) ||
    ts.isSetAccessor(parent);
  return !(isMember && parent.name === node);
}

/** What is impure about one node, if anything. */
function impurity(node: ts.Node): string | undefined {
  if (ts.isIdentifier(node) && forbiddenGlobals.has(node.text) && isFreeReference(node)) {
    return node.text;
  }
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
    const member = `${node.expression.text}.${node.name.text}`;
    if (forbiddenMembers.has(member)) return member;
  }
  // `new Date()` reads the clock; `new Date(value)` converts a value it is given.
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Date') {
    if (node.arguments === undefined || node.arguments.length === 0) return 'new Date()';
  }
  // `Date()` called as a function answers the current time as a string, whatever its arguments.
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Date') {
    return 'Date()';
  }
  return undefined;
}

/** Every impure use in one source text, as `file:line: what`. Comments and strings are not code. */
function impuritiesOf(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const what = impurity(node);
    if (what !== undefined) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${fileName}:${line + 1}: ${what}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const srcDir = fileURLToPath(new URL('.', import.meta.url));

/** The package's shipped sources: every `.ts` under `src` but tests, type tests and test support. */
function shippedSources(): string[] {
  return readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split('\\').join('/'))
    .filter((path) => path.endsWith('.ts'))
    .filter((path) => !/\.test(-d)?\.ts$/.test(path) && !path.split('/').includes('test-support'))
    .sort();
}

test('no shipped source of the domain reads the clock, draws randomness or touches I/O', () => {
  const files = shippedSources();
  expect(files.length).toBeGreaterThan(50);
  expect(files).toContain('index.ts');
  const found = files.flatMap((file) => impuritiesOf(file, readFileSync(`${srcDir}${file}`, 'utf8')));
  expect(found, `impure code in @glm/domain:\n${found.join('\n')}`).toEqual([]);
});

test('the scan names the file and line of every clock, randomness and I/O use', () => {
  const text = [
    'const a = Date.now();',
    'const b = new Date();',
    'const c = Math.random();',
    'console.log(a);',
    'setTimeout(() => {}, 1);',
    'void fetch("https://example.com");',
    'const env = process.env;',
    'const g = globalThis;',
    'const d = new Date;',
    'const e = Date();',
    'const bytes = crypto.getRandomValues(new Uint8Array(4));',
  ].join('\n');
  expect(impuritiesOf('bad.ts', text)).toEqual([
    'bad.ts:1: Date.now',
    'bad.ts:2: new Date()',
    'bad.ts:3: Math.random',
    'bad.ts:4: console',
    'bad.ts:5: setTimeout',
    'bad.ts:6: fetch',
    'bad.ts:7: process',
    'bad.ts:8: globalThis',
    'bad.ts:9: new Date()',
    'bad.ts:10: Date()',
    'bad.ts:11: crypto',
  ]);
});

test('the scan lets through converting a given time, comments, strings and property names', () => {
  const text = [
    '// Date.now() and console.log in a comment are not code',
    '/** @example createId("ord_", (n) => crypto.getRandomValues(new Uint8Array(n))) */',
    'const at = new Date(Date.parse(now)).toISOString();',
    "const message = 'fetch failed: process stopped';",
    'const effect = { console: 1, process: 2 };',
    'const processed_at = effect.process + effect.console;',
    'type T = { fetch: number; setTimeout(): void };',
    'const { console: quiet } = { console: 0 };',
  ].join('\n');
  expect(impuritiesOf('good.ts', text)).toEqual([]);
});
