import { DisputeListQuery } from '@glm/domain';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import { asStored, listPage } from '../list-page.ts';
import { readOne } from '../read-one.ts';

/** One dispute (the service has no merchant dispute API: a test-helper read). */
export const getDispute = readOne('dispute', (state, id) => state.disputes.get(id), asStored, {
  operationId: 'testGetDispute',
  pathParameters: { id: idOf('dispute', 'dp_') },
  success: { description: 'The dispute.' },
});

/** One page of disputes, newest first, filtered by order and status. */
export const listDisputes = defineOperation({
  endpoint: {
    operationId: 'testListDisputes',
    description: 'The service has no merchant dispute API; the mock lets a test read what it opened.',
    success: { description: 'One page of disputes.' },
  },
  input: DisputeListQuery,
  rules: 'test_helpers.dispute.list',
  run({ engine, mode }, query) {
    const { order_id, status } = query;
    return listPage(engine.store.modes[mode].disputes, query, {
      noun: 'dispute',
      where: (dispute) =>
        (order_id === undefined || dispute.order_id === order_id) &&
        (status === undefined || dispute.status === status),
      present: asStored,
    });
  },
});
