import { expect, test } from 'vitest';
import { FUTURE_STATUS, futureBody } from './future-answer.ts';
import { parseFutureList } from './future-mode.ts';

const list = {
  object: 'list',
  data: [
    { id: 'ord_1', status: 'completed', metadata: { a: '1' }, refunds: [{ id: 're_1', status: 'pending' }] },
  ],
  has_more: false,
};

test('fields: the top object, each list item and each nested resource gain the same named members; metadata is left alone', () => {
  const future = futureBody(list, { fields: true, enums: false }) as typeof list & Record<string, unknown>;
  expect(Object.keys(future)).toEqual(['object', 'data', 'has_more', 'future_note', 'future_details']);
  const [order] = future.data as unknown as Record<string, unknown>[];
  expect(order?.['future_details']).toEqual({ added_in: 'v2-future', kind: 'ord' });
  expect(order?.['metadata']).toEqual({ a: '1' });
  const refunds = (order?.['refunds'] ?? []) as Record<string, unknown>[];
  expect(refunds[0]?.['future_note']).toBeTypeOf('string');
  expect(list.data[0]).not.toHaveProperty('future_note');
});

test('enums: the status of each object carries a value the contract does not list; the input is unchanged', () => {
  const future = futureBody(list, { fields: false, enums: true }) as typeof list;
  expect([future.data[0]?.status, future.data[0]?.refunds[0]?.status]).toEqual([
    FUTURE_STATUS,
    FUTURE_STATUS,
  ]);
  expect(list.data[0]?.status).toBe('completed');
  expect(futureBody(list, { fields: false, enums: false })).toBe(list);
});

test('a list of changes reads any subset, spaces and case aside; anything else is refused naming it', () => {
  expect(parseFutureList(' Fields , events')).toEqual({
    ok: true,
    value: { fields: true, enums: false, events: true },
  });
  const refused = parseFutureList('fields,colors');
  expect(refused.ok ? '' : refused.message).toMatch(/"colors" is not one of fields, enums, events/);
  expect(parseFutureList('').ok).toBe(false);
});
