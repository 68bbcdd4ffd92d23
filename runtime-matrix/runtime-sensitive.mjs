// Which tests of the SDK and the mock server run again on each Node version of the runtime matrix: the
// ones whose outcome can depend on the runtime rather than on our JavaScript. The machine's Node already
// ran every test in the `tests (vitest)` step; what a pure module does (the store, the operations,
// the pages' HTML, the OpenAPI document, the SDK's retry policy) does not change with the Node version.
//
// The rule: a test file is runtime-sensitive when its own text, or the text of a module it imports by
// relative path (the module it tests, its test support), uses one of RUNTIME_APIS below. One level of
// imports, not the whole graph: every service reaches the key hash and the random source, so the whole
// graph would select every test. The rule reads the files, not their paths, so a new test that opens a
// socket or hashes with Web Crypto is picked up wherever it lives. `node run.mjs --list` prints the
// selection with the reason for each file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** What the runtime provides rather than JavaScript, as it appears in source text. */
const RUNTIME_APIS = [
  ['a Node built-in', /from 'node:|import\('node:|getBuiltinModule/],
  ['a socket server', /\bstartServer\(|\bcreateServer\(/],
  ['a child process', /\bspawn(Sync)?\(|\bfork\(|\bexecFile(Sync)?\(/],
  ['Web Crypto', /crypto\.subtle|getRandomValues/],
  ['fetch', /\bfetch\(/],
  [
    'web streams',
    /ReadableStream|WritableStream|TransformStream|getReader\(|TextDecoderStream|CompressionStream/,
  ],
  ['AbortSignal.any or .timeout', /AbortSignal\.(any|timeout)\(/],
  ["msw's interception of fetch", /\bsetupServer\(|\bmockHandlers\(/],
];

/** The test roots of the suites the matrix reruns (the browser tests are a project of their own). */
const SUITES = ['packages/sdk', 'packages/mock-server'];
const EXCLUDED = [/\/node_modules\//, /\/test\/browser\//];

function listTests(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (EXCLUDED.some((pattern) => pattern.test(`${path}/`))) continue;
    if (entry.isDirectory()) found.push(...listTests(path));
    else if (entry.name.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

/** The files a module imports by relative path (static and dynamic imports, re-exports). */
function relativeImports(file, text) {
  const specifiers = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]);
  return specifiers.map((specifier) => resolve(dirname(file), specifier)).filter((path) => existsSync(path));
}

/** The first runtime API a text uses, or undefined. */
const runtimeApiOf = (text) => RUNTIME_APIS.find(([, pattern]) => pattern.test(text))?.[0];

/**
 * The runtime-sensitive test files under `root` (repository-relative paths, sorted), each with why:
 * `{ file, reason }`, the reason naming the API and the file it was found in.
 */
export function runtimeSensitiveTests(root) {
  const selected = [];
  for (const suite of SUITES) {
    for (const test of listTests(join(root, suite))) {
      const text = readFileSync(test, 'utf8');
      const candidates = [
        [test, text],
        ...relativeImports(test, text).map((file) => [file, readFileSync(file, 'utf8')]),
      ];
      for (const [file, source] of candidates) {
        const api = runtimeApiOf(source);
        if (api === undefined) continue;
        selected.push({ file: relative(root, test), reason: `${api} in ${relative(root, file)}` });
        break;
      }
    }
  }
  return selected.sort((a, b) => a.file.localeCompare(b.file));
}
