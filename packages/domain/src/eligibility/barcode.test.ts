import fc from 'fast-check';
import { expect, test } from 'vitest';
import { expandUpcE, gtinCheckDigit, normalizeBarcode } from './barcode.ts';
import { barcodeVectors } from './test-support/labelled-cases.ts';

const digitString = (length: number, first = '0123456789') =>
  fc
    .tuple(
      fc.constantFrom(...first),
      fc.array(fc.constantFrom(...'0123456789'), { minLength: length - 1, maxLength: length - 1 }),
    )
    .map(([head, tail]) => [head, ...tail].join(''));

// Computes a GS1 check digit independently of the module: weights 1, 3, 1, … from the left of a
// body whose length makes the digit next to the check digit weigh 3.
function referenceCheckDigit(body: string): string {
  const padded = body.padStart(17, '0');
  const sum = [...padded].reduce(
    (total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1),
    0,
  );
  return String((10 - (sum % 10)) % 10);
}

test.each(barcodeVectors.valid)('accepts the valid vector %s', (code) => {
  const result = normalizeBarcode(code);
  expect(result.ok).toBe(true);
  if (result.ok) expect(result.value.gtin14).toMatch(/^\d{14}$/);
});

test.each(barcodeVectors.invalid)(
  'refuses the invalid vector %s with validation_error on upc_code_or_gtin',
  (code) => {
    expect(normalizeBarcode(code)).toMatchObject({
      ok: false,
      code: 'validation_error',
      param: 'upc_code_or_gtin',
    });
  },
);

test('the refusal says what is wrong: characters, length or check digit', () => {
  const message = (code: string) => {
    const result = normalizeBarcode(code);
    return result.ok ? '' : result.message;
  };
  expect(message('O36000291452')).toBe(
    "upc_code_or_gtin may contain only digits, spaces and hyphens; found 'O' at position 1",
  );
  expect(message('0360002914')).toBe('upc_code_or_gtin must have 8, 12, 13 or 14 digits; found 10');
  expect(message(' - ')).toMatch(/^upc_code_or_gtin is empty/);
  expect(message('036000291453')).toBe(
    'upc_code_or_gtin has an invalid check digit: the last digit should be 2 (UPC-A), not 3',
  );
  expect(message('96385075')).toBe(
    'upc_code_or_gtin has an invalid check digit: the last digit should be 4 (EAN-8), not 5',
  );
  expect(message('01234530')).toMatch(/should be \d \(EAN-8\) or 1 \(UPC-E\), not 0$/);
});

test('spaces and hyphens are stripped before validation', () => {
  expect(normalizeBarcode(' 0-36000 29145-2 ')).toMatchObject({
    ok: true,
    value: { digits: '036000291452', kind: 'UPC-A', gtin14: '00036000291452' },
  });
});

test('every length maps to its kind and pads to the same GTIN-14', () => {
  expect(normalizeBarcode('036000291452')).toMatchObject({
    value: { kind: 'UPC-A', gtin14: '00036000291452' },
  });
  expect(normalizeBarcode('0036000291452')).toMatchObject({
    value: { kind: 'EAN-13', gtin14: '00036000291452' },
  });
  expect(normalizeBarcode('00036000291452')).toMatchObject({
    value: { kind: 'GTIN-14', gtin14: '00036000291452' },
  });
  expect(normalizeBarcode('96385074')).toMatchObject({
    value: { kind: 'EAN-8', gtin14: '00000096385074', alternative: null },
  });
  expect(normalizeBarcode('01234531')).toMatchObject({
    value: { kind: 'UPC-E', gtin14: '00012300000451', alternative: null },
  });
});

test.each([12, 13, 14])('any %i-digit code with a computed check digit is accepted', (length) => {
  fc.assert(
    fc.property(digitString(length - 1), (body) => {
      const code = `${body}${referenceCheckDigit(body)}`;
      expect(normalizeBarcode(code)).toMatchObject({ ok: true, value: { digits: code } });
    }),
  );
});

test.each([12, 13, 14])('changing any single digit of a valid %i-digit code makes it invalid', (length) => {
  fc.assert(
    fc.property(
      digitString(length - 1),
      fc.nat(length - 1),
      fc.integer({ min: 1, max: 9 }),
      (body, at, shift) => {
        const code = `${body}${referenceCheckDigit(body)}`;
        const changed = `${code.slice(0, at)}${(Number(code[at]) + shift) % 10}${code.slice(at + 1)}`;
        expect(normalizeBarcode(changed)).toMatchObject({ ok: false, code: 'validation_error' });
      },
    ),
  );
});

test('any EAN-8 with a computed check digit is accepted, and no single-digit change of it is a valid EAN-8', () => {
  fc.assert(
    fc.property(digitString(7), fc.nat(7), fc.integer({ min: 1, max: 9 }), (body, at, shift) => {
      const code = `${body}${referenceCheckDigit(body)}`;
      const result = normalizeBarcode(code);
      expect(result.ok && [result.value, result.value.alternative].some((r) => r?.kind === 'EAN-8')).toBe(
        true,
      );
      const changed = `${code.slice(0, at)}${(Number(code[at]) + shift) % 10}${code.slice(at + 1)}`;
      const after = normalizeBarcode(changed);
      // A changed code may still happen to be a valid UPC-E, but never a valid EAN-8.
      expect(after.ok && [after.value, after.value.alternative].some((r) => r?.kind === 'EAN-8')).toBe(false);
    }),
  );
});

test('an EAN-8 starting with 2–9 fails on any single-digit change after the first digit', () => {
  fc.assert(
    fc.property(
      digitString(7, '23456789'),
      fc.integer({ min: 1, max: 7 }),
      fc.integer({ min: 1, max: 9 }),
      (body, at, shift) => {
        const code = `${body}${referenceCheckDigit(body)}`;
        const changed = `${code.slice(0, at)}${(Number(code[at]) + shift) % 10}${code.slice(at + 1)}`;
        expect(normalizeBarcode(changed).ok).toBe(false);
      },
    ),
  );
});

test('the UPC-E expansion follows the GS1 rule for each sixth digit', () => {
  expect(expandUpcE('04252614')).toEqual({ ok: true, value: '042100005264' }); // 0–2: manufacturer ends in d6 00
  expect(expandUpcE('01234531')).toEqual({ ok: true, value: '012300000451' }); // 3
  expect(expandUpcE('01234543')).toEqual({ ok: true, value: '012340000053' }); // 4
  expect(expandUpcE('01234565')).toEqual({ ok: true, value: '012345000065' }); // 5–9
  expect(expandUpcE('06543297')).toEqual({ ok: true, value: '065432000097' });
});

test('expandUpcE refuses anything but 8 digits starting with 0 or 1', () => {
  for (const code of ['21234565', '0123456', '012345650', '0123456X']) {
    expect(expandUpcE(code)).toMatchObject({ ok: false, code: 'validation_error' });
  }
});

test('any UPC-E with the check digit of its expansion is accepted and read as that UPC-A', () => {
  fc.assert(
    fc.property(digitString(7, '01'), (body) => {
      const expansion = expandUpcE(`${body}0`);
      if (!expansion.ok) throw new Error('expansion refused a well-formed UPC-E');
      expect(expansion.value).toMatch(/^[01]\d{11}$/);
      expect(normalizeBarcode(expansion.value).ok).toBe(true);
      const code = `${body}${expansion.value.slice(-1)}`;
      const result = normalizeBarcode(code);
      expect(result.ok && [result.value, result.value.alternative].map((r) => r?.gtin14)).toContain(
        `00${expansion.value}`,
      );
    }),
  );
});

test('an 8-digit code valid both ways reads as a UPC-E first when it starts with 0, as an EAN-8 first when 1', () => {
  const ambiguous = digitString(7, '01')
    .map((body) => `${body}${referenceCheckDigit(body)}`)
    .filter((code) => {
      const expansion = expandUpcE(code);
      return expansion.ok && expansion.value.endsWith(code.slice(-1));
    });
  fc.assert(
    fc.property(ambiguous, (code) => {
      const result = normalizeBarcode(code);
      const [first, second] = code.startsWith('0') ? ['UPC-E', 'EAN-8'] : ['EAN-8', 'UPC-E'];
      expect(result).toMatchObject({ ok: true, value: { kind: first, alternative: { kind: second } } });
    }),
  );
  expect(normalizeBarcode('06543297')).toMatchObject({
    value: {
      kind: 'UPC-E',
      gtin14: '00065432000097',
      alternative: { kind: 'EAN-8', gtin14: '00000006543297' },
    },
  });
});

test('gtinCheckDigit agrees with an independent computation and refuses what is not 1 to 17 digits', () => {
  expect(gtinCheckDigit('03600029145')).toEqual({ ok: true, value: 2 });
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 17 }).chain((length) => digitString(length)),
      (body) => {
        expect(gtinCheckDigit(body)).toEqual({ ok: true, value: Number(referenceCheckDigit(body)) });
      },
    ),
  );
  for (const bad of ['', '12a', '123456789012345678']) {
    expect(gtinCheckDigit(bad)).toMatchObject({ ok: false, code: 'validation_error' });
  }
});
