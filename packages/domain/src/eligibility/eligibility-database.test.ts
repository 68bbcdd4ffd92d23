import { expect, test } from 'vitest';
import { createEligibilityDatabase, type EligibilityDatabaseEntry } from './eligibility-database.ts';

const ibuprofen: EligibilityDatabaseEntry = {
  upc_code_or_gtin: '0-74100-00123-6',
  product_name: 'Ibuprofen 200mg',
  hsa_fsa_eligible: true,
  eligibility_type: 'auto_substantiation',
  reason: 'OTC pain reliever.',
};

test('a database keys its entries by GTIN-14 and keeps its version', () => {
  const database = createEligibilityDatabase({ version: '2025-06', entries: [ibuprofen] });
  expect(database).toMatchObject({ ok: true, value: { version: '2025-06' } });
  if (!database.ok) return;
  expect([...database.value.barcodes.entries()]).toEqual([
    [
      '00074100001236',
      {
        gtin14: '00074100001236',
        product_name: 'Ibuprofen 200mg',
        hsa_fsa_eligible: true,
        eligibility_type: 'auto_substantiation',
        reason: 'OTC pain reliever.',
      },
    ],
  ]);
});

test.each(['2025-6', '2025-13', '2025-00', '25-06', '2025-06-01'])('refuses the version %s', (version) => {
  expect(createEligibilityDatabase({ version, entries: [] })).toMatchObject({
    ok: false,
    code: 'validation_error',
    param: 'version',
  });
});

test.each([
  [{ upc_code_or_gtin: '074100001237' }, 'entries[1].upc_code_or_gtin'],
  [{ hsa_fsa_eligible: false }, 'entries[1].hsa_fsa_eligible'],
  [{ eligibility_type: null }, 'entries[1].hsa_fsa_eligible'],
  [{ eligibility_type: 'otc' as never }, 'entries[1].eligibility_type'],
  [{ reason: '  ' }, 'entries[1].reason'],
])('refuses an entry with %o, naming %s', (change, param) => {
  const other = { ...ibuprofen, upc_code_or_gtin: '381370078913' };
  const result = createEligibilityDatabase({
    version: '2025-06',
    entries: [other, { ...ibuprofen, ...change }],
  });
  expect(result).toMatchObject({ ok: false, code: 'validation_error', param });
});

test('a duplicate GTIN names the earlier entry', () => {
  const result = createEligibilityDatabase({
    version: '2025-06',
    entries: [ibuprofen, { ...ibuprofen, upc_code_or_gtin: '00074100001236' }],
  });
  expect(result).toMatchObject({
    ok: false,
    message: expect.stringContaining('already given by entries[0]'),
  });
});

test('an entry without a product name is stored without one', () => {
  const { product_name: _name, ...unnamed } = ibuprofen;
  const result = createEligibilityDatabase({ version: '2025-06', entries: [unnamed] });
  expect(result.ok && result.value.barcodes.get('00074100001236')).not.toHaveProperty('product_name');
});
