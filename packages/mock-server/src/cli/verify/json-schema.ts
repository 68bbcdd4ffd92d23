import type { JsonSchema } from '../../http/openapi/schema-types.ts';

/** One way a value differs from its schema: where (a JSON path such as `$.data[0].price`) and how. */
export interface SchemaDifference {
  /** The JSON path of the value that differs, from `$` (the body). */
  readonly path: string;
  /** What differs, in a few words (`expected integer, got string`). */
  readonly message: string;
}

/** Called for every value checked against a named component schema (`#/components/schemas/<name>`). */
export type ComponentVisitor = (name: string, value: unknown, path: string) => SchemaDifference | undefined;

const REF_PREFIX = '#/components/schemas/';

// Formats the document uses. date-time is also carried by a pattern; uri and email are checked loosely
// (a drift check looks for a changed shape, not for an address a stricter parser would refuse).
const FORMATS: Readonly<Record<string, (value: string) => boolean>> = {
  'date-time': (value) => !Number.isNaN(Date.parse(value)),
  uri: (value) => URL.canParse(value),
  email: (value) => /^[^\s@]+@[^\s@]+$/.test(value),
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const matchesType = (value: unknown, type: string): boolean => {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
};

const show = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
};

const child = (path: string, key: string): string =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

/**
 * A validator over the subset of JSON Schema 2020-12 the package's OpenAPI document uses: `$ref` to
 * `#/components/schemas/…`, `type` (a name or a list), `properties`, `required`, `additionalProperties`,
 * `propertyNames`, `items`, `enum`, `const`, `anyOf`, `oneOf`, `pattern`, `format` (date-time, uri,
 * email), `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `minLength`, `maxLength`,
 * `minItems`, `maxItems`. Other keywords are ignored, so a document that grows a keyword never fails a
 * body for it. It answers the first difference found, depth first in the body's order, or `undefined`.
 */
export function firstSchemaDifference(
  value: unknown,
  schema: JsonSchema,
  components: Readonly<Record<string, JsonSchema>>,
  visit?: ComponentVisitor,
): SchemaDifference | undefined {
  return differenceAt(value, schema, { components, visit }, '$');
}

/** What a walk over a body carries: the document's component schemas and the visitor of named ones. */
interface Walk {
  readonly components: Readonly<Record<string, JsonSchema>>;
  readonly visit: ComponentVisitor | undefined;
}

/** {@link firstSchemaDifference} of the value at `path` of the body. */
function differenceAt(
  value: unknown,
  schema: JsonSchema,
  walk: Walk,
  path: string,
): SchemaDifference | undefined {
  const { components, visit } = walk;
  const differ = (message: string): SchemaDifference => ({ path, message });
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const name = ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : undefined;
    const target = name === undefined ? undefined : components[name];
    if (name === undefined || target === undefined) return differ(`the document has no schema ${ref}`);
    return differenceAt(value, target, walk, path) ?? visit?.(name, value, path) ?? undefined;
  }
  const type = schema['type'];
  if (type !== undefined) {
    const types = Array.isArray(type) ? (type as string[]) : [type as string];
    if (!types.some((name) => matchesType(value, name)))
      return differ(`expected ${types.join(' or ')}, got ${typeOf(value)} ${show(value)}`);
  }
  if (Array.isArray(schema['enum']) && !schema['enum'].some((option) => option === value))
    return differ(`expected one of ${show(schema['enum'])}, got ${show(value)}`);
  if ('const' in schema && schema['const'] !== value)
    return differ(`expected ${show(schema['const'])}, got ${show(value)}`);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    const results = (branches as JsonSchema[]).map((branch) => differenceAt(value, branch, walk, path));
    const passing = results.filter((result) => result === undefined).length;
    if (passing === 0) return noBranchDifference(results as SchemaDifference[], path, keyword);
    if (keyword === 'oneOf' && passing > 1) return differ(`matches ${passing} branches of oneOf, not one`);
  }
  if (typeof value === 'string') return stringDifference(value, schema, differ);
  if (typeof value === 'number') return numberDifference(value, schema, differ);
  if (Array.isArray(value)) {
    if (typeof schema['minItems'] === 'number' && value.length < schema['minItems'])
      return differ(`expected at least ${schema['minItems']} items, got ${value.length}`);
    if (typeof schema['maxItems'] === 'number' && value.length > schema['maxItems'])
      return differ(`expected at most ${schema['maxItems']} items, got ${value.length}`);
    const items = schema['items'];
    if (typeof items !== 'object' || items === null) return undefined;
    for (const [index, item] of value.entries()) {
      const found = differenceAt(item, items as JsonSchema, walk, `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null)
    return objectDifference(value as Record<string, unknown>, schema, walk, path);
  return undefined;
}

// The deepest difference says most (a branch whose type fits, failing inside); at the body's own level,
// "expected integer, got string" and "expected null, got string" read as "expected integer or null, got string".
function noBranchDifference(
  results: readonly SchemaDifference[],
  path: string,
  keyword: string,
): SchemaDifference {
  const deepest = results.reduce((best, result) => (result.path.length > best.path.length ? result : best));
  if (deepest.path !== path) return deepest;
  const parts = results.map((result) => /^expected (.+), got (.+)$/.exec(result.message));
  const got = parts[0]?.[2];
  if (got !== undefined && parts.every((part) => part !== null && part[2] === got))
    return { path, message: `expected ${parts.map((part) => part?.[1]).join(' or ')}, got ${got}` };
  return {
    path,
    message: `matches none of ${keyword}: ${results.map((result) => result.message).join('; ')}`,
  };
}

function stringDifference(
  value: string,
  schema: JsonSchema,
  differ: (message: string) => SchemaDifference,
): SchemaDifference | undefined {
  const { minLength, maxLength, pattern, format } = schema;
  const length = [...value].length;
  if (typeof minLength === 'number' && length < minLength)
    return differ(`expected at least ${minLength} characters, got ${length}`);
  if (typeof maxLength === 'number' && length > maxLength)
    return differ(`expected at most ${maxLength} characters, got ${length}`);
  if (typeof pattern === 'string' && !new RegExp(pattern, 'u').test(value))
    return differ(`${show(value)} does not match the pattern ${show(pattern)}`);
  const check = typeof format === 'string' ? FORMATS[format] : undefined;
  if (check !== undefined && !check(value)) return differ(`${show(value)} is not a ${String(format)}`);
  return undefined;
}

function numberDifference(
  value: number,
  schema: JsonSchema,
  differ: (message: string) => SchemaDifference,
): SchemaDifference | undefined {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  if (typeof minimum === 'number' && value < minimum)
    return differ(`expected at least ${minimum}, got ${value}`);
  if (typeof maximum === 'number' && value > maximum)
    return differ(`expected at most ${maximum}, got ${value}`);
  if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum)
    return differ(`expected more than ${exclusiveMinimum}, got ${value}`);
  if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum)
    return differ(`expected less than ${exclusiveMaximum}, got ${value}`);
  return undefined;
}

function objectDifference(
  value: Record<string, unknown>,
  schema: JsonSchema,
  walk: Walk,
  path: string,
): SchemaDifference | undefined {
  const properties = (schema['properties'] ?? {}) as Readonly<Record<string, JsonSchema>>;
  const required = Array.isArray(schema['required']) ? (schema['required'] as string[]) : [];
  for (const key of required) {
    if (!Object.hasOwn(value, key)) return { path: child(path, key), message: 'required field is missing' };
  }
  const names = schema['propertyNames'];
  const additional = schema['additionalProperties'];
  for (const [key, item] of Object.entries(value)) {
    if (typeof names === 'object' && names !== null) {
      const found = differenceAt(key, names as JsonSchema, walk, child(path, key));
      if (found !== undefined) return { path: found.path, message: `property name: ${found.message}` };
    }
    const own = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (own === undefined && additional === false)
      return { path: child(path, key), message: 'field is not in the document' };
    const itemSchema =
      own ?? (typeof additional === 'object' && additional !== null ? additional : undefined);
    if (itemSchema === undefined) continue;
    const found = differenceAt(item, itemSchema as JsonSchema, walk, child(path, key));
    if (found !== undefined) return found;
  }
  return undefined;
}
