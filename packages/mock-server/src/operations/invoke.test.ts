import { ok, ProductCreate } from '@glm/domain';
import { expect, test } from 'vitest';
import { refusal } from '../core/outcome.ts';
import { createMockService } from '../service/create-mock-service.ts';
import { engineOf } from '../service/private-handles.ts';
import { defineOperation } from './define-operation.ts';
import { invoke } from './invoke.ts';

const product = { name: 'Gauze', price: 499, currency: 'USD' };

const counting = (creates: boolean) => {
  const runs: unknown[] = [];
  const operation = defineOperation({
    input: ProductCreate,
    rules: 'product.create',
    ...(creates ? { creates: true as const } : {}),
    target: (_context, id) =>
      id === 'bad' ? refusal('invalid_request', 'Bad id.', { param: 'id' }) : ok(id),
    run(_context, input, id) {
      runs.push({ name: input.name, id });
      return ok('done');
    },
  });
  return { operation, runs };
};

test('the input is parsed with the schema and rules before the operation runs on its target', async () => {
  const engine = engineOf(createMockService());
  const { operation, runs } = counting(false);
  expect(await invoke({ engine, mode: 'test' }, operation, product, 'thing_1')).toEqual(ok('done'));
  const refused = await invoke({ engine, mode: 'test' }, operation, { ...product, name: 42 }, 'thing_1');
  // A refusal of the input's shape is marked as given before the operation ran (idempotency keeps none).
  expect(refused).toMatchObject({ ok: false, param: 'name', beforeOperation: true });
  expect(runs).toEqual([{ name: 'Gauze', id: 'thing_1' }]);
});

test('a refused target is the answer before the input is read', async () => {
  const engine = engineOf(createMockService());
  const { operation, runs } = counting(false);
  const refused = await invoke({ engine, mode: 'test' }, operation, { price: 'free' }, 'bad');
  expect(refused).toMatchObject({ ok: false, code: 'invalid_request', param: 'id' });
  expect(runs).toEqual([]);
});

test('at the object cap only an operation that creates is refused, before anything else, and the seed is not', async () => {
  const service = createMockService({ maxObjects: 1, seed: { products: [product] } });
  const engine = engineOf(service);
  const creating = counting(true);
  const reading = counting(false);
  expect(await invoke({ engine, mode: 'test' }, creating.operation, {}, 'bad')).toMatchObject({
    ok: false,
    code: 'storage_full',
    beforeOperation: true,
  });
  expect(await invoke({ engine, mode: 'test' }, reading.operation, product)).toEqual(ok('done'));
  expect(await invoke({ engine, mode: 'test', seeding: true }, creating.operation, product)).toEqual(
    ok('done'),
  );
  expect(creating.runs).toHaveLength(1);
});

test('an operation with an input schema but no validation rules is refused when it is defined', () => {
  expect(() =>
    defineOperation({ input: ProductCreate, run: () => ok('never') } as unknown as Parameters<
      typeof defineOperation
    >[0]),
  ).toThrow(TypeError);
});
