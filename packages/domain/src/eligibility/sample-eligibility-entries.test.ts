import { expect, test } from 'vitest';
import { normalizeBarcode } from './barcode.ts';
import { classifyProductName } from './classifier.ts';
import { createEligibilityDatabase } from './eligibility-database.ts';
import { sampleEligibilityEntries } from './sample-eligibility-entries.ts';
import { barcodeVectors } from './test-support/labelled-cases.ts';

test('the sample entries make a valid database of about twenty distinct GTINs', () => {
  const database = createEligibilityDatabase({ version: '2025-06', entries: sampleEligibilityEntries });
  expect(database.ok).toBe(true);
  expect(database.ok && database.value.barcodes.size).toBe(sampleEligibilityEntries.length);
  expect(sampleEligibilityEntries.length).toBeGreaterThanOrEqual(18);
});

test('the sample entries cover every barcode kind and every eligibility outcome', () => {
  const kinds = new Set(
    sampleEligibilityEntries.map((entry) => {
      const barcode = normalizeBarcode(entry.upc_code_or_gtin);
      return barcode.ok ? barcode.value.kind : 'invalid';
    }),
  );
  expect([...kinds].sort()).toEqual(['EAN-13', 'EAN-8', 'GTIN-14', 'UPC-A', 'UPC-E']);
  const types = new Set(sampleEligibilityEntries.map((entry) => entry.eligibility_type));
  expect(types).toEqual(new Set(['rx', 'vision', 'auto_substantiation', 'dual_purpose', null]));
});

test('the sample entries use the valid barcode vectors of the eligibility data', () => {
  const gtins = new Set(
    sampleEligibilityEntries.map((entry) => {
      const barcode = normalizeBarcode(entry.upc_code_or_gtin);
      return barcode.ok ? barcode.value.gtin14 : '';
    }),
  );
  for (const vector of barcodeVectors.valid) {
    const barcode = normalizeBarcode(vector);
    expect(barcode.ok && gtins.has(barcode.value.gtin14), vector).toBe(true);
  }
});

test.each(sampleEligibilityEntries)('the sample "$product_name" agrees with the keyword rules', (entry) => {
  const byName = classifyProductName(entry.product_name ?? '');
  expect(byName.eligibility_type).toBe(entry.eligibility_type);
  if (entry.eligibility_type === 'dual_purpose')
    expect(entry.reason).toContain('Letter of Medical Necessity');
});
