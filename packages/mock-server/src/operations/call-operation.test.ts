import { ok } from '@glm/domain';
import { expect, test } from 'vitest';
import { MockServiceError } from '../core/mock-service-error.ts';
import { failure } from '../core/outcome.ts';
import { createMockService } from '../service/create-mock-service.ts';
import { engineOf } from '../service/internals.ts';
import { createCallOperation } from './call-operation.ts';

test('an operation runs after what fell due, in the mode asked, and answers its value', async () => {
  const service = createMockService({ now: '2025-01-01T00:00:00Z' });
  const engine = engineOf(service);
  const ran: string[] = [];
  engine.schedule(engine.now().getTime(), () => ran.push('due job'));
  const call = createCallOperation(engine);
  const value = await call('live', ({ mode }) => {
    ran.push(`operation in ${mode}`);
    return ok(42);
  });
  expect(value).toBe(42);
  expect(ran).toEqual(['due job', 'operation in live']);
});

test('a refusal throws MockServiceError with the status and body the endpoint answers', async () => {
  const call = createCallOperation(engineOf(createMockService()));
  const error = await call('test', () => failure('not_found', 'No such refund.', { param: 'id' })).catch(
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MockServiceError);
  expect(error).toMatchObject({
    status: 404,
    code: 'not_found',
    param: 'id',
    body: { error: { code: 'not_found', message: 'No such refund.', param: 'id' } },
  });
});

test('only an operation that creates objects meets the object cap, and then it does not run', async () => {
  const full = failure('storage_full', 'Full.');
  const call = createCallOperation(engineOf(createMockService()), () => full);
  let runs = 0;
  const operation = () => {
    runs += 1;
    return ok('done');
  };
  await expect(call('test', operation)).resolves.toBe('done');
  await expect(call('test', operation, { creates: true })).rejects.toMatchObject({ status: 507 });
  expect(runs).toBe(1);
});
