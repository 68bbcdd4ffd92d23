import { ERROR_STATUS, ErrorCode, ok } from '@glm/domain';
import { expect, test } from 'vitest';
import { noSuch, refusal } from '../core/outcome.ts';
import { answerOf, errorAnswer, refusalAnswer } from './answer.ts';

test('every refusal answers the status its code has in the domain error table, with the interface-7 body', () => {
  for (const code of ErrorCode.options) {
    expect(errorAnswer(refusal(code, 'Refused.'))).toEqual({
      status: ERROR_STATUS[code],
      body: { error: { code, message: 'Refused.' } },
    });
  }
});

test('param and details reach the body only when given; a refusal may carry the one status its code does not say', () => {
  const details = [{ field: 'amount_cents', message: 'Too large.' }];
  expect(errorAnswer(refusal('validation_error', 'Bad.', { param: 'amount_cents', details })).body).toEqual({
    error: { code: 'validation_error', message: 'Bad.', param: 'amount_cents', details },
  });
  expect(errorAnswer(refusal('validation_error', 'Bad.', { details: [] })).body).toEqual({
    error: { code: 'validation_error', message: 'Bad.' },
  });
  expect(errorAnswer(refusal('invalid_state', 'Cancelled.', { status: 409 })).status).toBe(409);
  expect(errorAnswer(noSuch('refund'))).toEqual({
    status: 404,
    body: { error: { code: 'not_found', message: 'No such refund.', param: 'id' } },
  });
});

test("the server's own refusals answer their code's status, with param and headers as given", () => {
  const limited = refusalAnswer('rate_limit_exceeded', 'Too many requests.', {
    headers: { 'retry-after': '3' },
  });
  expect(limited).toEqual({
    status: 429,
    body: { error: { code: 'rate_limit_exceeded', message: 'Too many requests.' } },
    headers: { 'retry-after': '3' },
  });
  const reused = refusalAnswer('idempotency_error', 'Key reused.', { param: 'Idempotency-Key' });
  expect(reused.status).toBe(400);
  expect(reused.headers).toBeUndefined();
  expect(JSON.stringify(reused.body)).toBe(
    '{"error":{"code":"idempotency_error","message":"Key reused.","param":"Idempotency-Key"}}',
  );
  expect(refusalAnswer('method_not_allowed', 'No.', { headers: { allow: 'GET' } }).status).toBe(405);
});

test('a value is answered with the status the endpoint gives its success', () => {
  expect(answerOf(ok({ id: 'ref_1' }), 201)).toEqual({ status: 201, body: { id: 'ref_1' } });
  expect(answerOf(ok([]))).toEqual({ status: 200, body: [] });
});
