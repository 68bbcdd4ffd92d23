import type { z } from 'zod';

/** A JSON Schema (2020-12) object as it appears in the OpenAPI document. */
export type JsonSchema = Record<string, unknown>;

/** Which side of a zod schema to describe: what a request sends, or what a response carries. */
export type SchemaSide = 'input' | 'output';

/** Where component schemas live in the document; `$ref`s between components point here. */
export const COMPONENT_SCHEMA_PREFIX = '#/components/schemas/';

/**
 * A rule of the translation: zod's `override` hook, called once for every schema it converts with the
 * zod schema and the JSON Schema written for it, which the rule may change in place.
 */
export type SchemaRule = NonNullable<NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override']>;
