import { ok } from '@glm/domain';
import { expect, test } from 'vitest';
import { MockServiceError } from '../core/mock-service-error.ts';
import { refusal } from '../core/outcome.ts';
import { createMockService } from '../service/create-mock-service.ts';
import { engineOf } from '../service/private-handles.ts';
import { createCallOperation } from './call-operation.ts';
import { defineOperation } from './define-operation.ts';

test('an operation runs after what fell due, in the mode asked, on the id given, and answers its value', async () => {
  const service = createMockService({ now: '2025-01-01T00:00:00Z' });
  const engine = engineOf(service);
  const ran: string[] = [];
  engine.schedule(engine.now().getTime(), () => ran.push('due job'));
  const call = createCallOperation(engine);
  const operation = defineOperation({
    run({ mode }, _input, id) {
      ran.push(`operation on ${id} in ${mode}`);
      return ok(42);
    },
  });
  expect(await call('live', operation, undefined, 'thing_1')).toBe(42);
  expect(ran).toEqual(['due job', 'operation on thing_1 in live']);
});

test('a refusal throws MockServiceError with the status and body the endpoint answers', async () => {
  const call = createCallOperation(engineOf(createMockService()));
  const refusing = defineOperation({ run: () => refusal('not_found', 'No such refund.', { param: 'id' }) });
  const error = await call('test', refusing).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(MockServiceError);
  expect(error).toMatchObject({
    status: 404,
    code: 'not_found',
    param: 'id',
    body: { error: { code: 'not_found', message: 'No such refund.', param: 'id' } },
  });
});
