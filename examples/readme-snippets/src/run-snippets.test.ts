import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { extractCodeBlocks } from './code-blocks.ts';
import { type Snippet, typeCheckSnippets } from './type-check-snippets.ts';

// The READMEs' self-contained snippets are not only type-checked (readme-snippets.test.ts) but run: a
// snippet that compiles without any of the names the reader supplies (readme-context.ts) imports only
// real packages, so it can run as written. Fragments that lean on the reader's own names (`glm`,
// `request`, `fulfil`…) stay type-checked only; they cannot run without a merchant's app around them.

const root = new URL('../../../', import.meta.url);
const READMES = [
  'packages/domain/README.md',
  'packages/sdk/README.md',
  'packages/mock-server/README.md',
  'docs/guides/webhook-receivers.md',
  'docs/guides/latency.md',
];
const tsconfig = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
// Inside this package, so that vite resolves the workspace packages as the type-check does.
const scratch = new URL('../.snippets/', import.meta.url);

const snippets: Snippet[] = READMES.flatMap((readme) =>
  extractCodeBlocks(readFileSync(new URL(readme, root), 'utf8'))
    .filter((block) => block.lang === 'ts' || block.lang === 'typescript')
    .map((block) => ({ readme, block })),
);

/**
 * Snippets that are self-contained but cannot run here, each with why: they need a browser, a network
 * service or a test runner's own `test()` calls.
 */
const NOT_RUNNABLE: Readonly<Record<string, string>> = {
  "import { mountCheckout } from '@glm/sdk/embed';": 'needs a browser page (the embed mounts an iframe)',
  "import { listenToCheckout } from '@glm/sdk/embed';": 'needs a browser page (listens to window messages)',
  "import express from 'express';": 'a server that keeps listening: the Express example covers it',
  "import { createServer } from 'node:http';":
    'needs `glm-mock serve` in another process (merchant-app covers it)',
  "import { Glm, type MerchantWithKeys } from '@glm/sdk';":
    'a Playwright fixture: examples/parallel-suites runs it under Playwright against glm-mock serve',
};

const firstLine = (snippet: Snippet): string => snippet.block.code.split('\n')[0]?.trim() ?? '';
const where = (snippet: Snippet): string => `${snippet.readme}:${snippet.block.line}`;

// One type-check of every snippet without the reader's names: a snippet with no error there is self-contained.
const failing = new Set(
  typeCheckSnippets(snippets, { tsconfig, context: [] }).map((error) => `${error.readme}#${error.line}`),
);
const selfContained = snippets.filter((snippet) => {
  const lines = snippet.block.code.split('\n').length;
  return ![...Array(lines).keys()].some((offset) =>
    failing.has(`${snippet.readme}#${snippet.block.line + offset}`),
  );
});
/**
 * What a snippet leaves to the reader even when it compiles alone: a `declare`d input, the reader's
 * configuration (`process.env`), a test file of its own (`test(…)` runs under the test runner), or a
 * file it writes into the reader's project (running it here would write into this repository).
 */
const leansOnReader = (code: string): boolean =>
  /^declare /m.test(code) ||
  code.includes('process.env') ||
  /^\s*(test|it|describe)(\.\w+)?\(/m.test(code) ||
  /\bwriteFile(Sync)?\(/.test(code);
const runnable = selfContained.filter(
  (snippet) => !(firstLine(snippet) in NOT_RUNNABLE) && !leansOnReader(snippet.block.code),
);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('the self-contained snippets include the testing quick start of the SDK and the domain examples', () => {
  const names = runnable.map(where);
  expect(names.filter((name) => name.startsWith('packages/domain/')).length).toBeGreaterThanOrEqual(8);
  expect(runnable.some((snippet) => snippet.block.code.includes('glm.testHelpers.checkout.pay('))).toBe(true);
});

test('the SDK README shows hooks and glm.request in snippets that run', () => {
  const sdk = runnable.filter((snippet) => snippet.readme === 'packages/sdk/README.md');
  expect(
    sdk.some((snippet) => /\bhooks\b/.test(snippet.block.code) && snippet.block.code.includes('onError')),
  ).toBe(true);
  expect(sdk.some((snippet) => snippet.block.code.includes('glm.request<'))).toBe(true);
});

test.each(runnable.map((snippet) => [where(snippet), snippet] as const))(
  '%s runs as written',
  { timeout: 30_000 },
  async (name, snippet) => {
    mkdirSync(scratch, { recursive: true });
    const file = new URL(`${name.replace(/[^A-Za-z0-9]+/g, '_')}.ts`, scratch);
    writeFileSync(file, `${snippet.block.code}export {};\n`);
    await expect(import(/* @vite-ignore */ pathToFileURL(fileURLToPath(file)).href)).resolves.toBeDefined();
  },
);
