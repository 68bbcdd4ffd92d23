// The SDK README's tables that list siblings must list them all: the `glm.testHelpers` row every
// helper method, the error table every error code the service answers, and the client options table every
// option of `ClientOptions`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ErrorCode } from '@glm/domain';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { Glm } from '../src/index.ts';
import { TestResource } from '../src/resources/test-helpers/test-resource.ts';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The cells of the README's table row whose first cell is `first`. */
const row = (first: string): string[] =>
  README.split('\n')
    .find((line) => line.startsWith(`| ${first} |`))
    ?.split('|')
    .slice(2, -1)
    .map((cell) => cell.trim()) ?? [];

/** The methods an object's classes add to the test helpers' shared base (its `send`, `check`, … are protected). */
const methodsOf = (value: object): string[] => {
  const names = new Set<string>();
  for (
    let proto = Object.getPrototypeOf(value);
    proto !== TestResource.prototype && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name !== 'constructor' && !name.startsWith('_') && typeof proto[name] === 'function')
        names.add(name);
    }
  }
  return [...names];
};

/** `group.method` for every method of every helper group, and `method` for the helpers' own methods. */
function helperMethods(glm: Glm): string[] {
  const helpers = glm.testHelpers as unknown as Record<string, unknown>;
  const groups = Object.entries(helpers).filter(
    (entry): entry is [string, object] => typeof entry[1] === 'object' && entry[1] !== null,
  );
  const own = methodsOf(helpers).filter((name) => !groups.some(([group]) => group === name));
  return [...own, ...groups.flatMap(([group, value]) => methodsOf(value).map((name) => `${group}.${name}`))];
}

/** What a table cell of `` `group.a/b` `` items names: `group.a`, `group.b`; `` `reset()` `` names `reset`. */
const listedIn = (cell: string): Set<string> =>
  new Set(
    [...cell.matchAll(/`([A-Za-z.()/]+)`/g)].flatMap((match) => {
      const [group, ...rest] = (match[1] ?? '').replace('()', '').split('.');
      const methods = rest.join('.');
      return methods === '' ? [group ?? ''] : methods.split('/').map((method) => `${group}.${method}`);
    }),
  );

test('the glm.testHelpers row of the resources table lists every test helper method', () => {
  const glm = new Glm({ apiKey: `glm_test_${'a'.repeat(16)}.${'b'.repeat(32)}`, baseUrl: 'http://glm.test' });
  const methods = helperMethods(glm);
  expect(methods).toContain('orders.capture');
  expect(methods).toContain('reset');
  const listed = listedIn(row('`glm.testHelpers`')[0] ?? '');
  expect(methods.filter((method) => !listed.has(method))).toEqual([]);
});

test('the error table lists every error code the service answers', () => {
  const start = README.indexOf('| Status | Class | Codes |');
  const table = README.slice(start, README.indexOf('\n\n', start));
  expect(start).toBeGreaterThan(-1);
  expect(ErrorCode.options.filter((code) => !table.includes(`\`${code}\``))).toEqual([]);
});

/** Every property of `ClientOptions`, inherited ones included, as the TypeScript checker reads the source. */
function clientOptionNames(): string[] {
  const file = fileURLToPath(new URL('../src/client-options.ts', import.meta.url));
  const program = ts.createProgram([file], { noEmit: true, allowImportingTsExtensions: true });
  const source = program.getSourceFile(file);
  const checker = program.getTypeChecker();
  const declaration = source?.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'ClientOptions',
  );
  if (declaration === undefined) return [];
  return checker
    .getTypeAtLocation(declaration)
    .getProperties()
    .map((property) => property.name);
}

test('the client options table has a row for every option of ClientOptions', () => {
  const start = README.indexOf('| Option | Default | |');
  const table = README.slice(start, README.indexOf('\n\n', start));
  expect(start).toBeGreaterThan(-1);
  const options = clientOptionNames();
  expect(options).toContain('fetchOptions');
  expect(options).toContain('apiKey');
  const firstCells = table.split('\n').map((line) => line.split('|')[1] ?? '');
  expect(options.filter((name) => !firstCells.some((cell) => cell.includes(`\`${name}\``)))).toEqual([]);
});
