import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { rawInputStrings } from './raw-input-strings.ts';

const requestSide = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', override: rawInputStrings });

// Whitespace, both cases, the characters whose upper case is ASCII (ı, ſ), and others. Not `ß` and
// the other characters whose case change is two characters (`SS`): see the rule's limits.
const rawText = fc.string({
  unit: fc.constantFrom(' ', '\t', '\n', '\u00a0', 'a', 'B', 'u', 'S', 'd', 'ı', 'ſ', 'é', '1', '-'),
  maxLength: 9,
});

const SCHEMAS = {
  'a currency code (trimmed, upper-cased, a pattern)': z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/),
  'a lower-cased pattern with literals': z
    .string()
    .toLowerCase()
    .regex(/^us-[a-z]+$/),
  'a trimmed name (length after trimming)': z.string().trim().min(1).max(4),
};

test.each(Object.entries(SCHEMAS))(
  'the request side of %s takes every value the server takes',
  (_name, schema) => {
    const validate = new Ajv2020({ strict: false }).compile(requestSide(schema));
    fc.assert(
      fc.property(rawText, (value) => {
        if (schema.safeParse(value).success) expect(validate(value), JSON.stringify(value)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  },
);

test('a currency pattern reads as any case with outer whitespace, and still refuses other lengths', () => {
  const schema = requestSide(SCHEMAS['a currency code (trimmed, upper-cased, a pattern)']);
  expect(schema['pattern']).toBe('^\\s*(?:[A-Za-z\\u0131\\u017f]{3})\\s*$');
  const validate = new Ajv2020({ strict: false }).compile(schema);
  expect([' usd ', 'Usd', 'USD'].map((value) => validate(value))).toEqual([true, true, true]);
  expect(['us', 'usdd', 'u$d'].map((value) => validate(value))).toEqual([false, false, false]);
});

test('a maximum length counted after trimming moves into the description; the minimum stays', () => {
  const schema = requestSide(SCHEMAS['a trimmed name (length after trimming)']);
  expect(schema).toMatchObject({
    minLength: 1,
    description: 'At most 4 characters once outer whitespace is trimmed.',
  });
  expect(schema['maxLength']).toBeUndefined();
});

test('a string the server takes as sent keeps its checks as written', () => {
  const schema = requestSide(
    z
      .string()
      .max(3)
      .regex(/^[A-Z]+$/),
  );
  expect(schema).toMatchObject({ maxLength: 3, pattern: '^[A-Z]+$' });
});
