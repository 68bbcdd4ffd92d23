// biome-ignore lint/style/noRestrictedImports: the test reads and writes the repository's docs/api.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { type OperationId, ROUTES, type Route, type RouteTag } from './index.ts';

// docs/api.md is the route table rendered for readers: every endpoint, its SDK call and its documented
// errors, by group. `pnpm gen` writes it; this test fails while it differs from the table.

const API_DOC = new URL('../../../../docs/api.md', import.meta.url);

/** The groups in the order the document lists them. */
const TAGS: readonly RouteTag[] = [
  'Products',
  'Checkout',
  'Payment links',
  'Orders',
  'Refunds',
  'Subscriptions',
  'Test helpers',
  'Document',
];

const code = (text: string): string => `\`${text}\``;

/** One endpoint's row: its SDK call, method and path, summary, answer and documented errors. */
function row(id: OperationId, route: Route): string {
  const call = route.sdk === undefined ? '(none: for tools)' : code(`glm.${route.sdk}()`);
  const errors = route.errors === undefined ? '' : route.errors.map(code).join(', ');
  const answer = `${route.status} ${code(route.answer)}`;
  const endpoint = `${code(`${route.method} ${route.path}`)}<br>${code(id)}`;
  return `| ${call} | ${endpoint} | ${route.summary} | ${answer} | ${errors} |`;
}

/** The Markdown of docs/api.md, made from the route table. */
function apiReference(): string {
  const entries = Object.entries(ROUTES) as [OperationId, Route][];
  const sections = TAGS.map((tag) => {
    const rows = entries.filter(([, route]) => route.tag === tag).map(([id, route]) => row(id, route));
    return [
      `## ${tag}`,
      '',
      '| SDK call | Endpoint, operation id | What it does | Answer | Documented errors |',
      '| --- | --- | --- | --- | --- |',
      ...rows,
    ].join('\n');
  });
  return [
    '# API reference',
    '',
    '<!-- Generated from the route table (`@glm/domain/contract`) by `pnpm gen`: do not edit by hand. -->',
    '',
    'Every endpoint of the service, by group: the `@glm/sdk` call that sends it (`glm` is a `new Glm({ apiKey })`),',
    'its method and path under `/api/v2` (also answered under `/v2`), what it does, its success answer (the',
    'schema `@glm/domain` exports under that name) and the errors it documents itself. Any endpoint may also',
    'answer the errors every request can meet: `401 unauthorized`, a refused body or query (`400`/`422`, with',
    'the field in `param`), `429 rate_limit_exceeded`, and for a `POST` the Idempotency-Key refusals. Test helpers',
    'answer `403 forbidden` to a live key. The OpenAPI document (`GET /openapi.json`) describes each in full.',
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n');
}

test('docs/api.md is the route table as it stands (pnpm gen rewrites it)', () => {
  const expected = apiReference();
  if (process.env['WRITE_GENERATED'] === '1') writeFileSync(API_DOC, expected);
  expect(readFileSync(API_DOC, 'utf8'), 'docs/api.md is stale: run pnpm gen').toBe(expected);
});

test('the reference lists every endpoint once', () => {
  const text = apiReference();
  for (const id of Object.keys(ROUTES)) expect(text.split(`\`${id}\``).length - 1, id).toBe(1);
});
