import { readdirSync } from 'node:fs';

const root = new URL('../../../', import.meta.url);

/** The packages' READMEs: each must hold TypeScript snippets. */
export const READMES = [
  'packages/domain/README.md',
  'packages/sdk/README.md',
  'packages/mock-server/README.md',
];

/**
 * Every document whose snippets are checked, as paths from the repository root: the root README, the
 * packages' READMEs and every guide of `docs/guides/` (read when the tests start, so a new guide is
 * checked without being listed here).
 */
export const DOCUMENTS: readonly string[] = [
  'README.md',
  ...READMES,
  ...readdirSync(new URL('docs/guides/', root))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/guides/${name}`),
];

/** The URL of a document of {@link DOCUMENTS}. */
export const documentUrl = (path: string): URL => new URL(path, root);
