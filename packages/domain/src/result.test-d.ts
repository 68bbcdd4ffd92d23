import { expectTypeOf, test } from 'vitest';
import { err, ok, type Result } from './result.ts';

test('a Result narrows on ok', () => {
  const r: Result<number, 'not_found'> = Math.random() > 0.5 ? ok(1) : err('not_found', 'x');
  if (r.ok) expectTypeOf(r.value).toEqualTypeOf<number>();
  else expectTypeOf(r.code).toEqualTypeOf<'not_found'>();
});
