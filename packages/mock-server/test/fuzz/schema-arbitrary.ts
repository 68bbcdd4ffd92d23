import fc from 'fast-check';

/** A JSON Schema object as the OpenAPI document writes it. */
export type JsonSchema = Readonly<Record<string, unknown>>;

const REF_PREFIX = '#/components/schemas/';
const MAX_DEPTH = 6;

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = num(schema['minLength']) ?? 0;
  const maxLength = Math.min(num(schema['maxLength']) ?? minLength + 24, minLength + 24);
  const fits = (text: string): boolean =>
    text.length >= minLength && text.length <= (num(schema['maxLength']) ?? Infinity);
  switch (schema['format']) {
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uri':
      return fc.webUrl().filter(fits);
    case 'date-time':
      return fc
        .date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2030-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString());
    default:
      break;
  }
  const pattern = schema['pattern'];
  if (typeof pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(pattern)).filter(fits);
    } catch {
      // A pattern fast-check cannot generate from: any string of the right length.
    }
  }
  return fc.string({ minLength, maxLength });
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = num(schema['exclusiveMinimum']);
  const min = num(schema['minimum']) ?? (exclusiveMin === undefined ? -1_000_000 : exclusiveMin + 1);
  const max = Math.min(num(schema['maximum']) ?? min + 1_000_000, min + 1_000_000);
  return fc.integer({
    min: Math.max(min, Number.MIN_SAFE_INTEGER),
    max: Math.min(max, Number.MAX_SAFE_INTEGER),
  });
}

function objectArbitrary(
  schema: JsonSchema,
  components: Readonly<Record<string, JsonSchema>>,
  depth: number,
) {
  const properties = isSchema(schema['properties']) ? (schema['properties'] as Record<string, unknown>) : {};
  const required = Array.isArray(schema['required']) ? (schema['required'] as string[]) : [];
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    shape[name] = isSchema(property) ? schemaArbitrary(property, components, depth + 1) : fc.jsonValue();
  }
  const known = fc.record(shape, { requiredKeys: required.filter((name) => name in shape) });
  const extra = schema['additionalProperties'];
  if (!isSchema(extra)) return known;
  const names = isSchema(schema['propertyNames'])
    ? stringArbitrary(schema['propertyNames'])
    : fc.string({ maxLength: 12 });
  const values = schemaArbitrary(extra, components, depth + 1);
  return fc
    .tuple(known, fc.dictionary(names, values, { maxKeys: 3 }))
    .map(([fixed, more]) => ({ ...more, ...fixed }));
}

/**
 * A fast-check arbitrary of values that the JSON Schema describes (mostly valid: cross-field rules the
 * schema cannot say are not followed). `$ref`s are resolved in `components`; deep or unknown schemas
 * give any JSON value.
 */
export function schemaArbitrary(
  schema: JsonSchema,
  components: Readonly<Record<string, JsonSchema>>,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  const ref = schema['$ref'];
  if (typeof ref === 'string' && ref.startsWith(REF_PREFIX)) {
    const target = components[ref.slice(REF_PREFIX.length)];
    return target === undefined ? fc.jsonValue() : schemaArbitrary(target, components, depth + 1);
  }
  if ('const' in schema) return fc.constant(schema['const']);
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]));
  const union = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(union) && union.length > 0) {
    return fc.oneof(
      ...union.filter(isSchema).map((option) => schemaArbitrary(option, components, depth + 1)),
    );
  }
  if (Array.isArray(schema['allOf']) && isSchema(schema['allOf'][0])) {
    return schemaArbitrary(schema['allOf'][0], components, depth + 1);
  }
  const type = schema['type'];
  if (Array.isArray(type)) {
    return fc.oneof(...type.map((one) => schemaArbitrary({ ...schema, type: one }, components, depth)));
  }
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({
        min: num(schema['minimum']) ?? -1e9,
        max: num(schema['maximum']) ?? 1e9,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = isSchema(schema['items'])
        ? schemaArbitrary(schema['items'], components, depth + 1)
        : fc.jsonValue();
      const minLength = num(schema['minItems']) ?? 0;
      return fc.array(items, {
        minLength,
        maxLength: Math.min(num(schema['maxItems']) ?? minLength + 3, minLength + 3),
      });
    }
    case 'object':
      return objectArbitrary(schema, components, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
