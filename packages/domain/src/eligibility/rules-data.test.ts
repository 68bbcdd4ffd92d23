// biome-ignore lint/style/noRestrictedImports: the test compares the bundled copy with the shared file on disk.
import { existsSync, readFileSync } from 'node:fs';
// biome-ignore lint/style/noRestrictedImports: see above.
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { EligibilityRules } from './rules.ts';
import { eligibilityRules } from './rules-data.ts';
import { barcodeVectors, labelledCases } from './test-support/labelled-cases.ts';

const sharedPath = fileURLToPath(new URL('../../../../../shared/data/eligibility.json', import.meta.url));
const shared: unknown = existsSync(sharedPath) ? JSON.parse(readFileSync(sharedPath, 'utf8')) : undefined;
const skipped =
  shared === undefined ? ` (SKIPPED: ${sharedPath} not found, the bundled copy is used as is)` : '';

test('the bundled rules satisfy the EligibilityRules schema', () => {
  expect(EligibilityRules.parse(eligibilityRules)).toEqual(eligibilityRules);
});

test('the bundled rules keep the sources as documentation', () => {
  expect(eligibilityRules.sources.length).toBeGreaterThan(0);
  for (const category of eligibilityRules.precedence) {
    expect(eligibilityRules.category_sources[category].length, category).toBeGreaterThan(0);
  }
});

test.skipIf(shared === undefined)(
  `the bundled rules equal ../shared/data/eligibility.json; run scripts/sync-eligibility-data.mjs when not${skipped}`,
  () => {
    expect(eligibilityRules).toEqual(EligibilityRules.parse(shared));
  },
);

test.skipIf(shared === undefined)(
  `the bundled labelled cases and barcode vectors equal the shared file${skipped}`,
  () => {
    expect(shared).toMatchObject({ tricky_cases: labelledCases, barcodes: barcodeVectors });
    expect((shared as { tricky_cases: unknown[] }).tricky_cases).toHaveLength(labelledCases.length);
  },
);

test('the schema refuses a precedence that leaves out or repeats a category', () => {
  const withPrecedence = (precedence: readonly string[]) =>
    EligibilityRules.safeParse({ ...eligibilityRules, precedence }).success;
  expect(withPrecedence(eligibilityRules.precedence)).toBe(true);
  expect(withPrecedence(eligibilityRules.precedence.slice(1))).toBe(false);
  expect(withPrecedence([...eligibilityRules.precedence, 'rx'])).toBe(false);
});
