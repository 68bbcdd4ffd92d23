import { expect, test } from 'vitest';
import { readErrorBody } from './error-body.ts';

test('an error body gives its code, message, param and details, an unknown code included', () => {
  const error = {
    code: 'a_code_from_a_later_version',
    message: 'Bad field',
    param: 'line_items[0].price',
    details: [{ field: 'line_items[0].price', message: 'must be positive' }],
  };
  expect(readErrorBody({ error })).toEqual(error);
});

test('a body that is not an error body gives nothing, so the error falls back to the status text', () => {
  for (const body of [
    undefined,
    'Bad Gateway',
    { error: 'boom' },
    { error: { code: 404, message: 'x' } },
    { error: { code: 'not_found' } },
    { error: { code: 'not_found', message: 'x', param: 3 } },
    { error: { code: 'not_found', message: 'x', details: [{ field: 'a' }] } },
  ]) {
    expect(readErrorBody(body)).toBeUndefined();
  }
});
