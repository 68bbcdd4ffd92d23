import fc from 'fast-check';
import { expect, test } from 'vitest';
import { ProductStatus } from '../schemas/statuses.ts';
import { productStatusMoves, productStatusTransition } from './product-status-machine.ts';
import { checkRandomWalks } from './test-support/machine-laws.ts';

const pairs = ProductStatus.options.flatMap((from) => ProductStatus.options.map((to) => ({ from, to })));
const illegal = pairs.filter(
  ({ from, to }) => from !== to && !productStatusMoves.some((m) => m.from === from && m.to === to),
);

test.each(productStatusMoves)('an $from product can become $to', ({ from, to }) => {
  expect(productStatusTransition({ status: from }, { type: 'set_status', status: to })).toEqual({
    ok: true,
    state: { status: to },
    effects: [],
  });
});

test.each(illegal)('an $from product cannot become $to: conflict naming both', ({ from, to }) => {
  const result = productStatusTransition({ status: from }, { type: 'set_status', status: to });
  expect(result).toMatchObject({ ok: false, code: 'conflict' });
  if (!result.ok) expect(result.message).toMatch(new RegExp(`${from}.*${to}`));
});

test('the forbidden moves are exactly archived to active', () => {
  expect(illegal).toEqual([{ from: 'archived', to: 'active' }]);
});

test.each(ProductStatus.options)(
  'asking an %s product for its own status is a no-op with no effects',
  (status) => {
    const state = { status };
    const result = productStatusTransition(state, { type: 'set_status', status });
    expect(result).toEqual({ ok: true, state, effects: [] });
    expect(result.ok && result.state).toBe(state);
  },
);

test('random status requests never reach active straight from archived and never emit effects', () => {
  checkRandomWalks({
    transition: productStatusTransition,
    initial: fc.constantFrom(...ProductStatus.options).map((status) => ({ status })),
    event: fc
      .constantFrom(...ProductStatus.options)
      .map((status) => () => ({ type: 'set_status', status }) as const),
    table: productStatusMoves,
    statuses: ProductStatus.options,
    refusals: ['conflict'],
    noOps: true,
    maxAdvanceMs: 0,
    invariant: (before, _event, next, effects) => {
      expect(effects).toEqual([]);
      if (before.status === 'archived') expect(next.status).not.toBe('active');
    },
  });
});
