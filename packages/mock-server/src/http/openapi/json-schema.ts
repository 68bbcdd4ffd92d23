import { z } from 'zod';
import { discriminatorMapping, openUnions } from './discriminated-unions.ts';
import { rawInputStrings } from './raw-input-strings.ts';
import { requestDefaultsInWords } from './request-defaults.ts';
import {
  COMPONENT_SCHEMA_PREFIX,
  type JsonSchema,
  type SchemaRule,
  type SchemaSide,
} from './schema-types.ts';
import { urlStrings } from './url-strings.ts';

// Responses are read tolerantly (decision 0006): a later version may add fields, so a response object
// stays open instead of zod's `additionalProperties: false` for the output side.
const openResponseObjects: SchemaRule = ({ jsonSchema }) => {
  if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
};

// A tuple is `prefixItems` with `items: false` and its length as `minItems`/`maxItems`. OpenAPI linters
// want every array to say its `items` as a schema, so it is `{}`: the length already allows no more.
const tupleItems: SchemaRule = ({ jsonSchema }) => {
  if (
    Array.isArray(jsonSchema['prefixItems']) &&
    jsonSchema['items'] === false &&
    jsonSchema['maxItems'] !== undefined
  )
    jsonSchema['items'] = {};
};

/**
 * The rules of each side, in the order they run on every schema: requests state their checks for the
 * value as sent and their defaults in words, responses stay open; on both, URLs carry no `format: uri` and discriminated unions
 * narrow in generated clients.
 */
const RULES: Readonly<Record<SchemaSide, readonly SchemaRule[]>> = {
  input: [tupleItems, urlStrings, rawInputStrings, requestDefaultsInWords, discriminatorMapping, openUnions],
  output: [tupleItems, openResponseObjects, urlStrings, discriminatorMapping, openUnions],
};

const options = (io: SchemaSide, extra: readonly SchemaRule[] = []) => {
  const rules = [...RULES[io], ...extra];
  const override: SchemaRule = (context) => {
    for (const rule of rules) rule(context);
  };
  return { target: 'draft-2020-12', io, unrepresentable: 'any', override } as const;
};

// zod writes the dialect and, for registry entries, `$id: '#/components/…'`: the document sets the
// dialect once, and a fragment is not a valid `$id` in 2020-12.
function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * Converts named zod schemas into `components.schemas`: a schema that contains another named schema
 * refers to it by `$ref` (so `OrderList` points at `Order`), every other part is inlined. Requests are
 * described by their input side (defaults optional, strict objects closed), responses by their output
 * side with open objects.
 */
export function componentSchemas(
  named: Readonly<Record<string, z.ZodType>>,
  io: SchemaSide,
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const converted = z.toJSONSchema(registry, {
    ...options(io),
    uri: (id) => `${COMPONENT_SCHEMA_PREFIX}${id}`,
  });
  const schemas: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(converted.schemas)) schemas[id] = withoutDialect(schema);
  return schemas;
}

const isTransform = (schema: z.core.$ZodType): boolean => {
  const { def } = schema._zod;
  return def.type === 'transform' || (def.type === 'pipe' && isTransform((def as z.core.$ZodPipeDef).out));
};

// A query value arrives as a string; OpenAPI's `style: form` already says so. The domain's query
// schemas accept the typed value or its string spelling (`'true'`, `'25'`) and transform the latter: that
// union branch only re-spells the typed one, has no JSON Schema, and is dropped.
const typedQueryValue: SchemaRule = ({ zodSchema, jsonSchema }) => {
  const { def } = zodSchema._zod;
  if (def.type !== 'union' || !Array.isArray(jsonSchema.anyOf)) return;
  const branches = (def as z.core.$ZodUnionDef).options;
  const kept = jsonSchema.anyOf.filter((_, index) => {
    const branch = branches[index];
    return branch === undefined || !isTransform(branch);
  });
  if (kept.length === jsonSchema.anyOf.length || kept.length === 0) return;
  delete jsonSchema.anyOf;
  if (kept.length === 1) Object.assign(jsonSchema, kept[0]);
  else jsonSchema.anyOf = kept;
};

/** One query parameter of an operation, as an OpenAPI Parameter Object. */
export type QueryParameter = {
  /** The parameter name. */
  readonly name: string;
  /** Always `query`. */
  readonly in: 'query';
  /** Whether the request must carry it. */
  readonly required: boolean;
  /** The typed value the parameter carries (after the server's coercion of the query string). */
  readonly schema: JsonSchema;
};

/**
 * Describes a query schema parameter by parameter. Each value is described by its parsed (output)
 * side, so a coerced integer reads `integer, 1–100, default 10` rather than "a string of digits", and a
 * boolean reads `boolean`; OpenAPI's default `style: form` serialization says how it travels.
 * Required-ness comes from the input side (a default makes a parameter optional).
 */
export function queryParameters(query: z.ZodObject): QueryParameter[] {
  const input = z.toJSONSchema(query, options('input'));
  const required = new Set(Array.isArray(input.required) ? input.required : []);
  return Object.entries(query.shape).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: withoutDialect(
      z.toJSONSchema(schema, options('output', [typedQueryValue, rawInputStrings])) as JsonSchema,
    ),
  }));
}

/** Describes one schema inline (path parameters). */
export function inlineSchema(schema: z.ZodType, io: SchemaSide): JsonSchema {
  return withoutDialect(z.toJSONSchema(schema, options(io)) as JsonSchema);
}
