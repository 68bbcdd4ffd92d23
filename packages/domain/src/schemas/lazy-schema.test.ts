import { expect, test } from 'vitest';
import { z } from 'zod';
import { lazySchema, memoized } from './lazy-schema.ts';

const builtCounter = () => {
  let builds = 0;
  const schema = lazySchema(() => {
    builds++;
    return z.object({ id: z.string(), amount: z.int().nonnegative() }).describe('A thing with an amount.');
  });
  return { schema, builds: () => builds };
};

test('a lazy schema is built on first use, once, and parses as the schema it stands for', () => {
  const { schema, builds } = builtCounter();
  expect(builds()).toBe(0);
  expect(schema.parse({ id: 'a', amount: 3 })).toEqual({ id: 'a', amount: 3 });
  expect(schema.safeParse({ id: 'a', amount: -1 }).success).toBe(false);
  expect(builds()).toBe(1);
  expect(Object.keys(schema.shape)).toEqual(['id', 'amount']);
  expect(builds()).toBe(1);
});

test('a lazy schema is a zod schema to instanceof, and keeps its description', () => {
  const { schema } = builtCounter();
  expect(schema instanceof z.ZodType).toBe(true);
  expect(schema instanceof z.ZodObject).toBe(true);
  expect(schema.description).toBe('A thing with an amount.');
});

test('a lazy schema inside another schema and in a registry is described like the schema it stands for', () => {
  const eager = z
    .object({ id: z.string(), amount: z.int().nonnegative() })
    .describe('A thing with an amount.');
  const { schema } = builtCounter();
  const document = (item: z.ZodType) => {
    const registry = z.registry<{ id: string }>();
    registry.add(item, { id: 'Thing' });
    registry.add(z.object({ items: z.array(item) }), { id: 'Things' });
    return z.toJSONSchema(registry, { uri: (id) => `#/components/${id}` });
  };
  expect(document(schema)).toEqual(document(eager));
});

test('methods read from a lazy schema work detached, as a built schema’s do', () => {
  const { schema } = builtCounter();
  const { safeParse } = schema;
  expect(safeParse({ id: 'b', amount: 0 }).success).toBe(true);
  expect(schema.optional().parse(undefined)).toBeUndefined();
});

test('memoized builds its value on the first call and answers it to every call', () => {
  let calls = 0;
  const value = memoized(() => ({ made: ++calls }));
  expect(calls).toBe(0);
  expect(value()).toBe(value());
  expect(calls).toBe(1);
});
