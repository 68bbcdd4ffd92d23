import fc from 'fast-check';

/** Object keys that reach prototypes when assigned: every request carrying one must be refused. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** An object whose only own key is `key` (a computed key defines `__proto__` as a plain own property). */
const withOwnKey = (key: string, value: unknown): Record<string, unknown> => ({ [key]: value });

/** Values a field should never hold: wrong types, huge and odd numbers, hostile text, prototype keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -0,
    -1,
    0.5,
    1e21,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 63),
    Number.MAX_VALUE,
    '',
    ' ',
    '\u0000',
    '\r\n',
    '\u202e\u200b',
    '💊'.repeat(300),
    'a'.repeat(5000),
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00%2F',
    'NaN',
    '1e400',
    [],
    {},
    [[[]]],
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...PROTOTYPE_KEYS).map((key) => withOwnKey(key, { polluted: 'yes' })),
  fc.constantFrom(...PROTOTYPE_KEYS).map((key) => ({ metadata: withOwnKey(key, 'x') })),
);

/** Body texts that are not one JSON value, or are JSON the schemas never expect. */
export const hostileBodyText: fc.Arbitrary<string> = fc.constantFrom(
  '',
  '{',
  '[]',
  'null',
  '"x"',
  '12',
  '{"a":1,"a":2}',
  '\uFEFF{}',
  '{"__proto__":"x"}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"metadata":${'{"a":'.repeat(200)}1${'}'.repeat(201)}`,
);

/**
 * A mutation of a well-formed body: one field replaced by a hostile value, a required field removed, an
 * unknown or prototype key added, or the metadata given a prototype key.
 */
export function mutateBody(body: unknown, choice: number, value: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return value;
  const record = { ...(body as Record<string, unknown>) };
  const keys = Object.keys(record);
  const key = keys.length === 0 ? 'name' : (keys[choice % keys.length] ?? 'name');
  switch (choice % 5) {
    case 0:
      record[key] = value;
      return record;
    case 1:
      delete record[key];
      return record;
    case 2:
      return { ...record, unknown_field: value };
    case 3:
      return {
        ...record,
        ...withOwnKey(PROTOTYPE_KEYS[choice % PROTOTYPE_KEYS.length] ?? '__proto__', value),
      };
    default:
      return {
        ...record,
        metadata: withOwnKey(PROTOTYPE_KEYS[choice % PROTOTYPE_KEYS.length] ?? '__proto__', 'x'),
      };
  }
}
