import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type RunningServer, startServer } from '@glm/mock-server/node';
import ts from 'typescript';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { generateTypes } from '../src/generate-types.ts';
import type { MerchantOptions, MerchantReport } from '../src/merchant-report.ts';

// The merchant program is written against types generated from the document the server serves. It
// is type-checked here against freshly generated types, under the repository's strict options, with
// the generated module served from memory, so a change of the document that breaks a generated
// client fails this test (the program is left out of the workspace's `tsc -b` for that reason).

const PROGRAM = fileURLToPath(new URL('../src/merchant.ts', import.meta.url));
const GENERATED = fileURLToPath(new URL('../src/generated/glm-api.ts', import.meta.url));
const BASE_CONFIG = fileURLToPath(new URL('../../../tsconfig.base.json', import.meta.url));

let server: RunningServer;
let served: Record<string, unknown>;

beforeAll(async () => {
  server = await startServer({ port: 0, rateLimit: false });
  const response = await fetch(`${server.url}/openapi.json`);
  expect(response.status).toBe(200);
  served = (await response.json()) as Record<string, unknown>;
});

afterAll(async () => {
  await server.close();
});

/** A copy of the document the server served (fetched once: the type checks take seconds). */
const servedDocument = (): Record<string, unknown> => structuredClone(served);

/** The type errors of the merchant program when `./generated/glm-api.ts` is `generated`, as text. */
function typeErrors(generated: string): string[] {
  const base = ts.readConfigFile(BASE_CONFIG, (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(
    {
      ...base.config,
      compilerOptions: { ...base.config.compilerOptions, lib: ['ES2023', 'DOM'], types: [] },
    },
    ts.sys,
    fileURLToPath(new URL('..', import.meta.url)),
  );
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  host.directoryExists = (path) => path === dirname(GENERATED) || directoryExists?.call(host, path) === true;
  host.fileExists = (path) => path === GENERATED || fileExists.call(host, path);
  host.readFile = (path) => (path === GENERATED ? generated : readFile.call(host, path));
  host.getSourceFile = (path, language, ...rest) =>
    path === GENERATED
      ? ts.createSourceFile(path, generated, language)
      : getSourceFile.call(host, path, language, ...rest);
  const program = ts.createProgram([PROGRAM], { ...options, noEmit: true }, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '));
}

type Schemas = Record<string, Record<string, unknown>>;
const schemasOf = (document: Record<string, unknown>): Schemas =>
  (document['components'] as { schemas: Schemas }).schemas;

// Runs first: the type checks below block the event loop for seconds, after which a kept-alive
// connection to the server may already be closed.
test('the merchant program runs against the mock: a lower-case currency, a placeholder URL, order.completed narrowed', async () => {
  const program = (await import(pathToFileURL(PROGRAM).href)) as {
    runMerchant(options: MerchantOptions): Promise<MerchantReport>;
  };
  const report = await program.runMerchant({ baseUrl: server.url, apiKey: server.service.keys.test });

  expect(report.productCurrency).toBe('USD');
  expect(report.successUrl).toBe('https://shop.example.com/thanks?session={CHECKOUT_SESSION_ID}');
  expect(report.requestId).toMatch(/\S/);
  expect(report.eventTypes).toEqual(
    expect.arrayContaining(['product.created', 'order.created', 'order.completed']),
  );
  expect(report.completedOrders).toEqual([
    { id: report.orderId, orderNumber: expect.stringMatching(/^ORD-\d{4}-\d{6}$/), total: 2 * 1299 },
  ]);
});

test('the merchant program type-checks under strict against types generated from the served document', async () => {
  const types = await generateTypes(servedDocument());
  expect(typeErrors(types)).toEqual([]);
}, 60_000);

test('the check fails when the document regresses: a catch-all event member, a request default made required', async () => {
  const withCatchAll = servedDocument();
  const event = schemasOf(withCatchAll)['Event'] ?? {};
  event['oneOf'] = [
    ...(event['oneOf'] as unknown[]),
    { type: 'object', properties: { type: { type: 'string' }, data: { type: 'object' } } },
  ];
  expect(typeErrors(await generateTypes(withCatchAll)).join('\n')).toMatch(/not assignable/);

  const withDefault = servedDocument();
  const status = Object(schemasOf(withDefault)['ProductCreate']?.['properties'])['status'];
  status['default'] = 'active';
  expect(typeErrors(await generateTypes(withDefault)).join('\n')).toMatch(/'status' is missing/);
}, 60_000);
