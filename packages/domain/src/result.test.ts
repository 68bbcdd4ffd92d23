import { expect, test } from 'vitest';
import { err, ok } from './result.ts';

test('ok wraps a value and err carries code, message and param', () => {
  expect(ok(3)).toEqual({ ok: true, value: 3 });
  expect(err('not_found', 'No such order', 'id')).toEqual({
    ok: false,
    code: 'not_found',
    message: 'No such order',
    param: 'id',
  });
  expect(err('conflict', 'Busy')).not.toHaveProperty('param');
});
