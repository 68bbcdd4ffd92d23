import { expect, test } from 'vitest';
import { parseSetFlag } from './set-flag.ts';

test('a value that reads as JSON is JSON, anything else is the text itself', () => {
  expect(parseSetFlag('line_items.0.price=1999')).toEqual({
    ok: true,
    value: { path: 'line_items.0.price', value: 1999 },
  });
  expect(parseSetFlag('reference_id=cart_42')).toEqual({
    ok: true,
    value: { path: 'reference_id', value: 'cart_42' },
  });
  expect(parseSetFlag('reference_id="42"')).toEqual({
    ok: true,
    value: { path: 'reference_id', value: '42' },
  });
  expect(parseSetFlag('metadata={"a":"b"}')).toEqual({
    ok: true,
    value: { path: 'metadata', value: { a: 'b' } },
  });
  expect(parseSetFlag('notes=a=b')).toEqual({ ok: true, value: { path: 'notes', value: 'a=b' } });
  expect(parseSetFlag('notes=')).toEqual({ ok: true, value: { path: 'notes', value: '' } });
});

test('text without a field name is refused quoting it', () => {
  for (const text of ['reference_id', '=5', '']) {
    const parsed = parseSetFlag(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(`--set "${text}"`);
  }
});
