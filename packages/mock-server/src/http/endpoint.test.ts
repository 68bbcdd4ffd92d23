import { ok, Product, ProductList, ProductListQuery, ProductUpdate } from '@glm/domain';
import { ClockAdvanceRequest, ClockState } from '@glm/domain/test-helpers';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { failure } from '../core/outcome.ts';
import { defineOperation } from '../operations/define-operation.ts';
import { createMockService } from '../service/create-mock-service.ts';
import { engineOf } from '../service/private-handles.ts';
import { endpoint } from './endpoint.ts';
import type { InstanceControls } from './instance-controls.ts';
import { buildOpenApiDocument } from './openapi/build-document.ts';
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
  endpoint({
    method: 'POST',
    path: '/things/:id/advance',
    operation: defineOperation({
      input: ClockAdvanceRequest,
      rules: 'test_helpers.clock.advance',
      run(_context, body, id) {
        seen.push({ body, id });
        return ok({ moved: body.seconds });
      },
    }),
    doc: {
      operationId: 'advanceThing',
      summary: 'Advance a thing',
      tag: 'Test helpers',
      success: { status: 201, schema: ClockState, description: 'Moved.' },
    },
  });

test("the handler hands the operation its parsed body and the path's id, and answers the description's success status", async () => {
  const seen: unknown[] = [];
  const answer = await clockAdvance(seen).handle(
    contextWith({ params: { id: 't_1' }, body: { seconds: 5 } }),
  );
  expect(answer).toEqual({ status: 201, body: { moved: 5 } });
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

test("the description takes the operation's body component, validation rules and object creation", () => {
  const built = clockAdvance([]);
  expect(built.doc).toMatchObject({ body: ClockAdvanceRequest, validation: 'test_helpers.clock.advance' });
  expect(built.creates).toBeUndefined();
  const creating = endpoint({
    method: 'PUT',
    path: '/things/:id',
    operation: defineOperation({
      input: ProductUpdate,
      rules: 'product.update',
      creates: true,
      run: () => ok({}),
    }),
    doc: {
      operationId: 'putThing',
      summary: 'Put',
      tag: 'Products',
      success: { status: 200, schema: Product, description: 'Put.' },
    },
  });
  expect(creating.creates).toBe(true);
});

test('a GET hands the operation its query, read as the schema reads it', async () => {
  const seen: unknown[] = [];
  const list = endpoint({
    method: 'GET',
    path: '/things',
    operation: defineOperation({
      input: ProductListQuery,
      rules: 'product.list',
      run(_context, query) {
        seen.push(query.limit);
        return ok({ data: [], has_more: false });
      },
    }),
    doc: {
      operationId: 'listThings',
      summary: 'List',
      tag: 'Products',
      success: { status: 200, schema: ProductList, description: 'Listed.' },
    },
  });
  expect(list.doc.query).toBe(ProductListQuery);
  expect((await list.handle(contextWith({ query: new URLSearchParams('limit=3') }))).status).toBe(200);
  const repeated = await list.handle(contextWith({ query: new URLSearchParams('limit=3&limit=4') }));
  expect(repeated.status).toBe(400);
  expect(repeated.body).toMatchObject({ error: { code: 'invalid_request', param: 'limit' } });
  expect(seen).toEqual([3]);
});

test('a target the operation refuses is answered before the body is read, and a refused operation answers its code', async () => {
  const product = endpoint({
    method: 'PUT',
    path: '/things/:id',
    operation: defineOperation({
      input: ProductUpdate,
      rules: 'product.update',
      target: (_context, id) =>
        /^\d+$/.test(id) ? ok(Number(id)) : failure('invalid_request', 'Bad id.', { param: 'id' }),
      run: () => failure('conflict', 'Busy.'),
    }),
    doc: {
      operationId: 'updateThing',
      summary: 'Update a thing',
      tag: 'Products',
      success: { status: 200, schema: Product, description: 'Updated.' },
    },
  });
  const badId = await product.handle(contextWith({ params: { id: 'x' }, body: { price: 'free' } }));
  expect(badId).toEqual({
    status: 400,
    body: { error: { code: 'invalid_request', message: 'Bad id.', param: 'id' } },
  });
  const refused = await product.handle(contextWith({ params: { id: '7' }, body: {} }));
  expect(refused).toEqual({ status: 409, body: { error: { code: 'conflict', message: 'Busy.' } } });
});

test('the document refuses a body schema that @glm/domain does not export, which would have no component name', () => {
  const unnamed = endpoint({
    method: 'POST',
    path: '/things',
    operation: defineOperation({
      input: z.object({ name: z.string() }),
      rules: 'product.create',
      run: () => ok({}),
    }),
    doc: {
      operationId: 'createThing',
      summary: 'Create a thing',
      tag: 'Products',
      success: { status: 201, schema: Product, description: 'Created.' },
    },
  });
  expect(() => buildOpenApiDocument([unnamed])).toThrow(TypeError);
});
