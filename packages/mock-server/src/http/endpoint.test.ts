import { CheckoutCreate, ok, ProductCreate, ProductListQuery, ProductUpdate } from '@glm/domain';
import { ClockAdvanceRequest, ClockState } from '@glm/domain/test-helpers';
import { expect, test } from 'vitest';
import type { z } from 'zod';
import { refusal } from '../core/outcome.ts';
import { defineOperation } from '../operations/define-operation.ts';
import { createMockService } from '../service/create-mock-service.ts';
import { engineOf } from '../service/private-handles.ts';
import { endpoint } from './endpoint.ts';
import type { InstanceControls } from './instance-controls.ts';
import type { HandlerContext } from './route.ts';

/** No endpoint here acts on the whole instance. */
const unusedControls = new Proxy({} as InstanceControls, {
  get() {
    throw new Error('These endpoints do not use the instance controls.');
  },
});

const contextWith = (parts: Partial<HandlerContext>): HandlerContext => ({
  params: {},
  query: new URLSearchParams(),
  body: undefined,
  mode: 'test',
  engine: engineOf(createMockService()),
  controls: unusedControls,
  ...parts,
});

const clockAdvance = (seen: unknown[]) =>
  endpoint(
    defineOperation({
      endpoint: { operationId: 'testAdvanceClock', success: { description: 'Moved.' } },
      input: ClockAdvanceRequest,
      rules: 'test_helpers.clock.advance',
      run(_context, body, id) {
        seen.push({ body, id });
        return ok({ moved: body.seconds });
      },
    }),
  );

test("the handler hands the operation its parsed body and the path's id, and answers the route table's success status", async () => {
  const seen: unknown[] = [];
  const answer = await clockAdvance(seen).handle(
    contextWith({ params: { id: 't_1' }, body: { seconds: 5 } }),
  );
  expect(answer).toEqual({ status: 200, body: { moved: 5 } });
  expect(seen).toEqual([{ body: { seconds: 5 }, id: 't_1' }]);
});

test("a body the operation's schema refuses is answered with the domain's error and the operation never runs", async () => {
  const seen: unknown[] = [];
  const answer = await clockAdvance(seen).handle(contextWith({ body: { seconds: 'ten' } }));
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  expect(answer.body).toMatchObject({ error: { param: 'seconds' } });
  expect(seen).toEqual([]);
});

test("the description takes the route table's method, path, body component, validation rules and answer, and the operation's object creation", () => {
  const built = clockAdvance([]);
  expect(built).toMatchObject({ method: 'POST', path: '/test_helpers/clock/advance' });
  expect(built.doc).toMatchObject({
    body: ClockAdvanceRequest,
    validation: 'test_helpers.clock.advance',
    success: { status: 200, schema: ClockState, description: 'Moved.' },
  });
  expect(built.creates).toBeUndefined();
  const creating = endpoint(
    defineOperation({
      endpoint: { operationId: 'updateProduct', success: { description: 'Put.' } },
      input: ProductUpdate,
      rules: 'product.update',
      creates: true,
      run: () => ok({}),
    }),
  );
  expect(creating.creates).toBe(true);
});

test('a GET hands the operation its query, read as the schema reads it', async () => {
  const seen: unknown[] = [];
  const list = endpoint(
    defineOperation({
      endpoint: { operationId: 'listProducts', success: { description: 'Listed.' } },
      input: ProductListQuery,
      rules: 'product.list',
      run(_context, query) {
        seen.push(query.limit);
        return ok({ data: [], has_more: false });
      },
    }),
  );
  expect(list.doc.query).toBe(ProductListQuery);
  expect((await list.handle(contextWith({ query: new URLSearchParams('limit=3') }))).status).toBe(200);
  const repeated = await list.handle(contextWith({ query: new URLSearchParams('limit=3&limit=4') }));
  expect(repeated.status).toBe(400);
  expect(repeated.body).toMatchObject({ error: { code: 'invalid_request', param: 'limit' } });
  expect(seen).toEqual([3]);
});

test('a target the operation refuses is answered before the body is read, and a refused operation answers its code', async () => {
  const product = endpoint(
    defineOperation({
      endpoint: { operationId: 'updateProduct', success: { description: 'Updated.' } },
      input: ProductUpdate,
      rules: 'product.update',
      target: (_context, id) =>
        /^\d+$/.test(id) ? ok(Number(id)) : refusal('invalid_request', 'Bad id.', { param: 'id' }),
      run: () => refusal('conflict', 'Busy.'),
    }),
  );
  const badId = await product.handle(contextWith({ params: { id: 'x' }, body: { price: 'free' } }));
  expect(badId).toEqual({
    status: 400,
    body: { error: { code: 'invalid_request', message: 'Bad id.', param: 'id' } },
  });
  const refused = await product.handle(contextWith({ params: { id: '7' }, body: {} }));
  expect(refused).toEqual({ status: 409, body: { error: { code: 'conflict', message: 'Busy.' } } });
});

test('an endpoint whose operation parses another schema, or with other rules, than its row of the route table is refused', () => {
  const parsing = (input: z.ZodType, rules: 'product.create' | 'product.update') =>
    endpoint(
      defineOperation({
        endpoint: { operationId: 'createProduct', success: { description: 'Created.' } },
        input,
        rules,
        run: () => ok({}),
      }),
    );
  expect(() => parsing(ProductUpdate, 'product.create')).toThrow(/createProduct parses ProductUpdate/);
  expect(() => parsing(ProductCreate, 'product.update')).toThrow(/rules product.update/);
  expect(parsing(ProductCreate, 'product.create').doc.body).toBe(ProductCreate);
});

test('an endpoint warns exactly when its row of the route table says it does: an operation with a warning on a row that does not warn is refused, and the other way round', () => {
  const warned = (operationId: 'createProduct' | 'createCheckoutSession', warns: boolean) =>
    endpoint(
      defineOperation({
        endpoint: { operationId, success: { description: 'Created.' } },
        input: operationId === 'createProduct' ? ProductCreate : CheckoutCreate,
        rules: operationId === 'createProduct' ? 'product.create' : 'checkout.create',
        run: () => ok({}),
        ...(warns ? { warning: () => 'Probably not what you meant.' } : {}),
      }),
    );
  expect(() => warned('createProduct', true)).toThrow(
    /createProduct's operation has warning; the route table does not warn/,
  );
  expect(() => warned('createCheckoutSession', false)).toThrow(/has no warning; the route table warns/);
  expect(warned('createCheckoutSession', true).doc.warns).toBe(true);
  expect(warned('createProduct', false).doc.warns).toBeUndefined();
});
