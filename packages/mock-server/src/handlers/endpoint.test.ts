import { ok } from '@glm/domain';
import { expect, test } from 'vitest';
import { failure } from '../core/outcome.ts';
import type { HandlerContext } from '../http/route.ts';
import { createMockService } from '../service/create-mock-service.ts';
import { engineOf } from '../service/internals.ts';
import { endpoint } from './endpoint.ts';

const contextWith = (parts: Partial<HandlerContext>): HandlerContext => ({
  params: {},
  query: new URLSearchParams(),
  body: undefined,
  mode: 'test',
  engine: engineOf(createMockService()),
  ...parts,
});

const clockAdvance = (seen: unknown[]) =>
  endpoint({
    method: 'POST',
    path: '/things/:id/advance',
    operation: (_context, { body, id }) => {
      seen.push({ body, id });
      return ok({ moved: body.seconds });
    },
    doc: {
      operationId: 'advanceThing',
      summary: 'Advance a thing',
      tag: 'Test helpers',
      body: 'ClockAdvanceRequest',
      validation: 'test_helpers.clock.advance',
      success: { status: 201, schema: 'ClockState', description: 'Moved.' },
    },
  });

test("the handler parses the body with the schema its description names and answers the description's success status", async () => {
  const seen: unknown[] = [];
  const answer = await clockAdvance(seen).handle(
    contextWith({ params: { id: 't_1' }, body: { seconds: 5 } }),
  );
  expect(answer).toEqual({ status: 201, body: { moved: 5 } });
  expect(seen).toEqual([{ body: { seconds: 5 }, id: 't_1' }]);
});

test("a body the schema refuses is answered with the domain's error and the operation never runs", async () => {
  const seen: unknown[] = [];
  const answer = await clockAdvance(seen).handle(contextWith({ body: { seconds: 'ten' } }));
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  expect(answer.body).toMatchObject({ error: { param: 'seconds' } });
  expect(seen).toEqual([]);
});

test('a malformed id is refused before the body is read, and a refused operation answers its code', async () => {
  const product = endpoint({
    method: 'PUT',
    path: '/things/:id',
    checkId: (id) => (/^\d+$/.test(id) ? undefined : failure('invalid_request', 'Bad id.', { param: 'id' })),
    operation: () => failure('conflict', 'Busy.'),
    doc: {
      operationId: 'updateThing',
      summary: 'Update a thing',
      tag: 'Products',
      body: 'ProductUpdate',
      validation: 'product.update',
      success: { status: 200, schema: 'Product', description: 'Updated.' },
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

test('a description with a body but no validation rules is refused when the endpoint is built', () => {
  expect(() =>
    endpoint({
      method: 'POST',
      path: '/things',
      operation: () => ok({}),
      doc: {
        operationId: 'createThing',
        summary: 'Create a thing',
        tag: 'Products',
        body: 'ProductCreate',
        success: { status: 201, schema: 'Product', description: 'Created.' },
      },
    }),
  ).toThrow(TypeError);
});
