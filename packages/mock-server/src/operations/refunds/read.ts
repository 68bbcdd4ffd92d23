import { RefundListQuery } from '@glm/domain';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import { asStored, listPage } from '../list-page.ts';
import { readOne } from '../read-one.ts';

/** One refund. */
export const getRefund = readOne('refund', (state, id) => state.refunds.get(id), asStored, {
  operationId: 'getRefund',
  pathParameters: { id: idOf('refund', 'ref_') },
  success: { description: 'The refund.' },
});

/** One page of refunds, newest first, filtered by order and status. */
export const listRefunds = defineOperation({
  endpoint: {
    operationId: 'listRefunds',
    success: { description: 'One page of refunds.' },
  },
  input: RefundListQuery,
  rules: 'refund.list',
  run({ engine, mode }, query) {
    const { order_id, status } = query;
    return listPage(engine.store.modes[mode].refunds, query, {
      noun: 'refund',
      where: (refund) =>
        (order_id === undefined || refund.order_id === order_id) &&
        (status === undefined || refund.status === status),
      present: asStored,
    });
  },
});
