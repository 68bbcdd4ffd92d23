import * as domain from '@glm/domain';
import * as testHelpers from '@glm/domain/test-helpers';
import { z } from 'zod';

/** This OpenAPI document itself, described by the fields every OpenAPI 3.1 document has. */
export const OpenApiDocumentBody = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** Every wire schema by the name `@glm/domain` exports it under (one source of wire types, one name). */
const NAMES = new Map<unknown, string>();
/** Every wire schema by its export name. */
const SCHEMAS = new Map<string, z.ZodType>();
for (const [name, value] of [
  ...Object.entries(domain),
  ...Object.entries(testHelpers),
  ['OpenApiDocumentBody', OpenApiDocumentBody] as const,
]) {
  // `_zod` marks a zod schema; `instanceof` would read it, which builds a schema the domain builds on first use.
  if (typeof value === 'object' && value !== null && '_zod' in value) {
    NAMES.set(value, name);
    SCHEMAS.set(name, value as z.ZodType);
  }
}

/** The component name of a schema: the name `@glm/domain` exports it under. */
export function componentName(schema: z.ZodType): string {
  const name = NAMES.get(schema);
  if (name === undefined) throw new TypeError('A schema the document names is not exported by @glm/domain.');
  return name;
}

/** The schema `@glm/domain` exports under `name` (the route table names schemas so). */
export function schemaNamed(name: string): z.ZodType {
  const schema = SCHEMAS.get(name);
  if (schema === undefined) throw new TypeError(`@glm/domain exports no schema named ${name}.`);
  return schema;
}

/** The name `@glm/domain` exports a schema under, if it does. */
export const nameOf = (schema: z.ZodType): string | undefined => NAMES.get(schema);
