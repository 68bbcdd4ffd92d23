import { expect, test } from 'vitest';
import { z } from 'zod';
import { discriminatedUnionComponents, discriminatorMapping, openUnions } from './discriminated-unions.ts';

const Shape = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('circle.drawn'), radius: z.number() }),
  z.object({ kind: z.literal('square'), side: z.number() }),
]);
const AnyShape = z.union([Shape, z.object({ kind: z.string(), data: z.unknown() })]);
const Drawing = z.object({ shapes: z.array(AnyShape) });

const convert = (named: Record<string, z.ZodType>) => {
  const registry = z.registry<{ id: string }>();
  const components = discriminatedUnionComponents(named, (schema) =>
    schema === Shape ? 'Shape' : 'Unnamed',
  );
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  for (const [schema, id] of components) registry.add(schema as z.ZodType, { id });
  return z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
    override: (context) => {
      discriminatorMapping(context);
      openUnions(context);
    },
  }).schemas;
};

test('a discriminated union and each member become components, the members named by their value', () => {
  const schemas = convert({ Drawing });
  expect(Object.keys(schemas)).toEqual(['Drawing', 'Shape', 'CircleDrawnShape', 'SquareShape']);
  expect(schemas['Shape']).toMatchObject({
    oneOf: [{ $ref: '#/components/schemas/CircleDrawnShape' }, { $ref: '#/components/schemas/SquareShape' }],
    discriminator: {
      propertyName: 'kind',
      mapping: {
        'circle.drawn': '#/components/schemas/CircleDrawnShape',
        square: '#/components/schemas/SquareShape',
      },
    },
  });
});

test('a catch-all beside a discriminated union is left out and said in words', () => {
  const items = Object(convert({ Drawing })['Drawing']?.['properties']).shapes.items as Record<
    string,
    unknown
  >;
  expect(items['$ref']).toBe('#/components/schemas/Shape');
  expect(items['anyOf']).toBeUndefined();
  expect(items['description']).toMatch(/later API version may send `kind` values/);
});

test('the union’s own description says what the catch-all stood for, when it has one', () => {
  const Described = z.object({ shapes: z.array(AnyShape.describe('A shape; others may come.')) });
  const items = Object(convert({ Described })['Described']?.['properties']).shapes.items as Record<
    string,
    unknown
  >;
  expect(items).toEqual({ $ref: '#/components/schemas/Shape', description: 'A shape; others may come.' });
});
