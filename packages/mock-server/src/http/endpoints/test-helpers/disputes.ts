import { Dispute, DisputeList } from '@glm/domain';
import { closeDispute } from '../../../operations/disputes/close.ts';
import { openDispute } from '../../../operations/disputes/open.ts';
import { getDispute, listDisputes } from '../../../operations/disputes/read.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';
import { idOf } from '../../openapi/operation-doc.ts';

/** Dispute test helpers that act: open a chargeback on an order, close a dispute with its outcome. */
export const disputeActionEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/test_helpers/orders/:id/dispute',
    testOnly: true,
    operation: openDispute,
    doc: {
      operationId: 'testOpenDispute',
      summary: 'Open a dispute (chargeback) on an order',
      tag: 'Test helpers',
      pathParameters: { id: idOf('order', 'ord_') },
      success: { status: 201, schema: Dispute, description: 'The dispute, status needs_response.' },
      errors: ['not_found', 'conflict'],
    },
  }),
  endpoint({
    method: 'POST',
    path: '/test_helpers/disputes/:id/close',
    testOnly: true,
    operation: closeDispute,
    doc: {
      operationId: 'testCloseDispute',
      summary: 'Close a dispute with an outcome',
      tag: 'Test helpers',
      pathParameters: { id: idOf('dispute', 'dp_') },
      success: { status: 200, schema: Dispute, description: 'The closed dispute.' },
      errors: ['not_found', 'conflict'],
    },
  }),
];

/** Dispute reads: the service has no merchant dispute API, so they are test helpers too. */
export const disputeReadEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'GET',
    path: '/test_helpers/disputes',
    testOnly: true,
    operation: listDisputes,
    doc: {
      operationId: 'testListDisputes',
      summary: 'List disputes, newest first (mock only)',
      tag: 'Test helpers',
      description: 'The service has no merchant dispute API; the mock lets a test read what it opened.',
      success: { status: 200, schema: DisputeList, description: 'One page of disputes.' },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/test_helpers/disputes/:id',
    testOnly: true,
    operation: getDispute,
    doc: {
      operationId: 'testGetDispute',
      summary: 'Get a dispute (mock only)',
      tag: 'Test helpers',
      pathParameters: { id: idOf('dispute', 'dp_') },
      success: { status: 200, schema: Dispute, description: 'The dispute.' },
      errors: ['not_found'],
    },
  }),
];
