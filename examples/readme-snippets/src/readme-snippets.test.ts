import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { extractCodeBlocks } from './code-blocks.ts';
import { type Snippet, type SnippetError, typeCheckSnippets } from './type-check-snippets.ts';

const root = new URL('../../../', import.meta.url);
const READMES = [
  'packages/domain/README.md',
  'packages/sdk/README.md',
  'packages/mock-server/README.md',
  'docs/guides/coverage.md',
  'docs/guides/future-mode.md',
];
const tsconfig = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
const context = [fileURLToPath(new URL('./readme-context.ts', import.meta.url))];

// Every ```ts block of the READMEs, read fresh: editing a README is enough for this test to check it.
const snippets: Snippet[] = READMES.flatMap((readme) =>
  extractCodeBlocks(readFileSync(new URL(readme, root), 'utf8'))
    .filter((block) => block.lang === 'ts' || block.lang === 'typescript')
    .map((block) => ({ readme, block })),
);

// Errors the READMEs' owners know of, keyed by the line's code (not its number, which moves with edits).
// Fix the README, then remove the entry: an entry that no longer fails fails this test.
const KNOWN: readonly Pick<SnippetError, 'readme' | 'text' | 'code'>[] = [];
const isKnown = (error: SnippetError) =>
  KNOWN.some(
    (known) => known.readme === error.readme && known.text === error.text && known.code === error.code,
  );
const format = (error: SnippetError) => `${error.readme}:${error.line}: TS${error.code} ${error.message}`;

test('every README has TypeScript snippets to check', () => {
  for (const readme of READMES) {
    expect(snippets.filter((snippet) => snippet.readme === readme).length).toBeGreaterThan(0);
  }
});

test('every TypeScript snippet of the READMEs type-checks against the packages', { timeout: 120_000 }, () => {
  const errors = typeCheckSnippets(snippets, { tsconfig, context });

  expect(errors.filter((error) => !isKnown(error)).map(format)).toEqual([]);
  expect(
    KNOWN.filter((known) => !errors.some((error) => isKnown(error) && error.text === known.text)),
  ).toEqual([]);
});

test('a snippet that breaks the types is reported at its README line, with the line it points at', () => {
  const broken: Snippet = {
    readme: 'README.md',
    block: { lang: 'ts', line: 10, code: "import { Glm } from '@glm/sdk';\n\nnew Glm({ apiKey: 42 });\n" },
  };

  const errors = typeCheckSnippets([broken], { tsconfig, context: [] });

  expect(errors).toEqual([
    expect.objectContaining({ readme: 'README.md', line: 12, text: 'new Glm({ apiKey: 42 });', code: 2322 }),
  ]);
});
