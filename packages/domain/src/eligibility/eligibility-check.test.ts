import fc from 'fast-check';
import { expect, test } from 'vitest';
import { gtinCheckDigit } from './barcode.ts';
import { classifyProductName } from './classifier.ts';
import { checkEligibility } from './eligibility-check.ts';
import { createEligibilityDatabase, type EligibilityDatabase } from './eligibility-database.ts';
import { eligibilityRules } from './rules-data.ts';
import { sampleEligibilityEntries } from './sample-eligibility-entries.ts';

const now = new Date('2025-06-15T12:00:00Z');
const created = createEligibilityDatabase({ version: '2025-06', entries: sampleEligibilityEntries });
if (!created.ok) throw new Error(created.message);
const database: EligibilityDatabase = created.value;

test('a known barcode answers from the database, stamped with the time of the check', () => {
  expect(checkEligibility({ upc_code_or_gtin: '074100001236' }, database, now)).toEqual({
    ok: true,
    value: {
      hsa_fsa_eligible: true,
      eligibility_type: 'auto_substantiation',
      reason: 'Eligible OTC pain reliever, auto-substantiated.',
      checked_at: '2025-06-15T12:00:00.000Z',
    },
  });
});

test('a known barcode wins over the name, whatever the name says', () => {
  const result = checkEligibility(
    { upc_code_or_gtin: '036000291452', product_name: 'Prescription Eyeglasses' },
    database,
    now,
  );
  expect(result).toMatchObject({ ok: true, value: { hsa_fsa_eligible: false, eligibility_type: null } });
});

test('a known barcode is found in any of its spellings: GTIN-14, EAN-13, with spaces and hyphens', () => {
  for (const spelling of ['00074100001236', '0074100001236', '0 74100-00123 6']) {
    expect(checkEligibility({ upc_code_or_gtin: spelling }, database, now)).toMatchObject({
      ok: true,
      value: { eligibility_type: 'auto_substantiation' },
    });
  }
});

test('an ambiguous 8-digit code is found under either of its readings', () => {
  const only = (upc_code_or_gtin: string) =>
    createEligibilityDatabase({
      version: '2025-06',
      entries: [{ upc_code_or_gtin, hsa_fsa_eligible: true, eligibility_type: 'vision', reason: 'Known.' }],
    });
  // 06543297 reads as UPC-E 065432000097 first and as EAN-8 00000006543297 second.
  for (const stored of ['065432000097', '00000006543297']) {
    const db = only(stored);
    if (!db.ok) throw new Error(db.message);
    expect(checkEligibility({ upc_code_or_gtin: '06543297' }, db.value, now)).toMatchObject({
      value: { eligibility_type: 'vision', reason: 'Known.' },
    });
  }
});

test('an unknown barcode with a name falls back to the name and says so', () => {
  const result = checkEligibility(
    { upc_code_or_gtin: '086123409999', product_name: 'Ibuprofen 200mg' },
    database,
    now,
  );
  expect(gtinCheckDigit('08612340999')).toEqual({ ok: true, value: 9 });
  expect(result).toMatchObject({
    ok: true,
    value: { hsa_fsa_eligible: true, eligibility_type: 'auto_substantiation' },
  });
  expect(result.ok && result.value.reason).toContain(
    'barcode 086123409999 is not in the eligibility database (version 2025-06)',
  );
});

test('an unknown barcode without a name is not eligible, with a reason that says the barcode is unknown', () => {
  expect(checkEligibility({ upc_code_or_gtin: '086123409999' }, database, now)).toEqual({
    ok: true,
    value: {
      hsa_fsa_eligible: false,
      eligibility_type: null,
      reason:
        'Not eligible: barcode 086123409999 is not in the eligibility database (version 2025-06); send product_name to classify the product by its name.',
      checked_at: '2025-06-15T12:00:00.000Z',
    },
  });
});

test('a name alone is classified by the keyword rules', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...sampleEligibilityEntries.map((entry) => entry.product_name ?? '')),
      (name) => {
        const { matched: _matched, ...byName } = classifyProductName(name, eligibilityRules);
        expect(checkEligibility({ product_name: name }, database, now)).toEqual({
          ok: true,
          value: { ...byName, checked_at: now.toISOString() },
        });
      },
    ),
  );
});

test('an invalid barcode is refused with validation_error on upc_code_or_gtin, even with a name', () => {
  expect(
    checkEligibility({ upc_code_or_gtin: '074100001237', product_name: 'Ibuprofen' }, database, now),
  ).toMatchObject({
    ok: false,
    code: 'validation_error',
    param: 'upc_code_or_gtin',
  });
});

test.each([{}, { upc_code_or_gtin: '', product_name: '  ' }, { upc_code_or_gtin: null, product_name: null }])(
  'a request without a barcode or a name (%o) is refused with invalid_request',
  (request) => {
    expect(checkEligibility(request, database, now)).toMatchObject({ ok: false, code: 'invalid_request' });
  },
);

test('a blank barcode next to a name counts as absent', () => {
  expect(checkEligibility({ upc_code_or_gtin: ' ', product_name: 'Tampons' }, database, now)).toMatchObject({
    ok: true,
    value: { eligibility_type: 'auto_substantiation' },
  });
});
