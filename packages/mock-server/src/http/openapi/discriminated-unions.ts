import type { z } from 'zod';
import { COMPONENT_SCHEMA_PREFIX, type JsonSchema, type SchemaRule } from './schema-types.ts';

// Generated clients narrow a union on its discriminator only when every member says its own value:
// openapi-typescript writes `oneOf` as a TypeScript union, and one member whose `type` is any string
// (a catch-all for values a later version adds) makes `event.type === 'order.completed'` narrow to
// nothing useful. So every discriminated union is `oneOf` named members with a `discriminator` mapping,
// and a catch-all beside one is left out of the document: the union's description says it in words.

type Def = { readonly type: string } & Readonly<Record<string, unknown>>;

const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as unknown as Def;

/** The discriminator key of a zod discriminated union, else undefined. */
function discriminatorOf(schema: z.core.$ZodType): string | undefined {
  const def = defOf(schema);
  return def.type === 'union' && typeof def['discriminator'] === 'string' ? def['discriminator'] : undefined;
}

/** The values a member of a discriminated union takes for its discriminator. */
const discriminatorValues = (member: z.core.$ZodType, key: string): string[] =>
  [...(member._zod.propValues?.[key] ?? [])].map(String);

/** `order.completed` → `OrderCompleted`. */
const pascalCase = (value: string): string =>
  value
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`)
    .join('');

/** The schemas a schema contains directly (object fields, items, options, wrapped types). */
function children(schema: z.core.$ZodType): z.core.$ZodType[] {
  const def = defOf(schema);
  // A tuple without a rest element holds `rest: null`.
  const of = (...keys: string[]) =>
    keys.map((key) => def[key]).filter((value) => value !== undefined && value !== null);
  switch (def.type) {
    case 'object':
      return [
        ...Object.values(def['shape'] as Record<string, z.core.$ZodType>),
        ...of('catchall'),
      ] as z.core.$ZodType[];
    case 'array':
      return of('element') as z.core.$ZodType[];
    case 'union':
      return [...(def['options'] as z.core.$ZodType[])];
    case 'intersection':
      return of('left', 'right') as z.core.$ZodType[];
    case 'record':
      return of('keyType', 'valueType') as z.core.$ZodType[];
    case 'tuple':
      return [...(def['items'] as z.core.$ZodType[]), ...of('rest')] as z.core.$ZodType[];
    case 'pipe':
      return of('in', 'out') as z.core.$ZodType[];
    case 'lazy':
      return [(def['getter'] as () => z.core.$ZodType)()];
    default:
      return of('innerType') as z.core.$ZodType[];
  }
}

/**
 * The discriminated unions that `named` schemas contain and the members of each, named for the
 * document: a union by `nameOf` (the name `@glm/domain` exports it under), each member by its
 * discriminator value and the union's name (`order.completed` of `Event`: `OrderCompletedEvent`).
 * Each is then a component of its own, which the union's `oneOf` and `discriminator` refer to.
 */
export function discriminatedUnionComponents(
  named: Readonly<Record<string, z.core.$ZodType>>,
  nameOf: (schema: z.core.$ZodType) => string,
): Map<z.core.$ZodType, string> {
  const found = new Map<z.core.$ZodType, string>();
  const seen = new Set<z.core.$ZodType>();
  const visit = (schema: z.core.$ZodType): void => {
    if (seen.has(schema)) return;
    seen.add(schema);
    const key = discriminatorOf(schema);
    if (key !== undefined) {
      const union = nameOf(schema);
      found.set(schema, union);
      for (const member of defOf(schema)['options'] as z.core.$ZodType[]) {
        const [value] = discriminatorValues(member, key);
        if (value === undefined) throw new Error(`A member of ${union} has no ${key} value.`);
        found.set(member, `${pascalCase(value)}${union}`);
      }
    }
    for (const child of children(schema)) visit(child);
  };
  for (const schema of Object.values(named)) visit(schema);
  return found;
}

const refOf = (schema: unknown): string | undefined => {
  const ref = (schema as JsonSchema | undefined)?.['$ref'];
  return typeof ref === 'string' && ref.startsWith(COMPONENT_SCHEMA_PREFIX) ? ref : undefined;
};

/** Adds `discriminator: {propertyName, mapping}` to a discriminated union whose members are components. */
export const discriminatorMapping: SchemaRule = ({ zodSchema, jsonSchema }) => {
  const key = discriminatorOf(zodSchema);
  const members = jsonSchema['oneOf'];
  if (key === undefined || !Array.isArray(members)) return;
  const options = defOf(zodSchema)['options'] as z.core.$ZodType[];
  const mapping: Record<string, string> = {};
  options.forEach((option, index) => {
    const ref = refOf(members[index]);
    if (ref === undefined) throw new Error(`A member of a discriminated union on ${key} is not a component.`);
    for (const value of discriminatorValues(option, key)) mapping[value] = ref;
  });
  jsonSchema['discriminator'] = { propertyName: key, mapping };
};

/** Whether `member` is an object whose `key` takes any value (not a literal or an enum). */
function isCatchAll(member: z.core.$ZodType, key: string): boolean {
  const def = defOf(member);
  if (def.type !== 'object') return false;
  const field = (def['shape'] as Record<string, z.core.$ZodType>)[key];
  return field !== undefined && discriminatorValues(member, key).length === 0;
}

/**
 * A union of a discriminated union and catch-all members (objects whose discriminator takes any
 * value, for values a later version adds) is documented as the discriminated union alone, and its
 * description says in words what the catch-all stood for (the schema's own, else a generic one).
 */
export const openUnions: SchemaRule = ({ zodSchema, jsonSchema }) => {
  const def = defOf(zodSchema);
  const branches = jsonSchema['anyOf'] ?? jsonSchema['oneOf'];
  if (def.type !== 'union' || discriminatorOf(zodSchema) !== undefined || !Array.isArray(branches)) return;
  const options = def['options'] as z.core.$ZodType[];
  const unions = options.filter((option) => discriminatorOf(option) !== undefined);
  const [union] = unions;
  if (union === undefined || unions.length !== 1) return;
  const key = discriminatorOf(union) ?? '';
  const rest = options.filter((option) => option !== union);
  if (!rest.every((option) => isCatchAll(option, key))) return;
  const ref = refOf(branches[options.indexOf(union)]);
  if (ref === undefined) throw new Error(`A discriminated union on ${key} is not a component.`);
  jsonSchema['description'] ??=
    `A later API version may send \`${key}\` values this list does not have: accept such an object and ` +
    'ignore it rather than fail.';
  delete jsonSchema['anyOf'];
  delete jsonSchema['oneOf'];
  jsonSchema['$ref'] = ref;
};
