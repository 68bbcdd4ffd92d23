import { z } from 'zod';

/** A JSON Schema (2020-12) object as it appears in the OpenAPI document. */
export type JsonSchema = Record<string, unknown>;

/** Which side of a zod schema to describe: what a request sends, or what a response carries. */
export type SchemaSide = 'input' | 'output';

/** Where component schemas live in the document; `$ref`s between components point here. */
export const COMPONENT_SCHEMA_PREFIX = '#/components/schemas/';

type Override = NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override'];

// Responses are read tolerantly (decision 0006): a later version may add fields, so a response object
// stays open instead of zod's `additionalProperties: false` for the output side.
const openResponseObjects: Override = ({ jsonSchema }) => {
  if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
};

const options = (io: SchemaSide, override?: Override) =>
  ({
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    ...(override === undefined ? {} : { override }),
  }) as const;

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
    ...options(io, io === 'output' ? openResponseObjects : undefined),
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
const typedQueryValue: Override = ({ zodSchema, jsonSchema }) => {
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
    schema: withoutDialect(z.toJSONSchema(schema, options('output', typedQueryValue)) as JsonSchema),
  }));
}

/** Describes one schema inline (path parameters). */
export function inlineSchema(schema: z.ZodType, io: SchemaSide): JsonSchema {
  return withoutDialect(z.toJSONSchema(schema, options(io)) as JsonSchema);
}
