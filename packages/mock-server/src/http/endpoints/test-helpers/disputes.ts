import { closeDispute } from '../../../operations/disputes/close.ts';
import { openDispute } from '../../../operations/disputes/open.ts';
import { getDispute, listDisputes } from '../../../operations/disputes/read.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';
import { idOf } from '../../openapi/operation-doc.ts';

/** Dispute test helpers that act: open a chargeback on an order, close a dispute with its outcome. */
export const disputeActionEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'testOpenDispute',
    testOnly: true,
    operation: openDispute,
    doc: {
      pathParameters: { id: idOf('order', 'ord_') },
      success: { description: 'The dispute, status needs_response.' },
    },
  }),
  endpoint({
    operationId: 'testCloseDispute',
    testOnly: true,
    operation: closeDispute,
    doc: {
      pathParameters: { id: idOf('dispute', 'dp_') },
      success: { description: 'The closed dispute.' },
    },
  }),
];

/** Dispute reads: the service has no merchant dispute API, so they are test helpers too. */
export const disputeReadEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'testListDisputes',
    testOnly: true,
    operation: listDisputes,
    doc: {
      description: 'The service has no merchant dispute API; the mock lets a test read what it opened.',
      success: { description: 'One page of disputes.' },
    },
  }),
  endpoint({
    operationId: 'testGetDispute',
    testOnly: true,
    operation: getDispute,
    doc: {
      pathParameters: { id: idOf('dispute', 'dp_') },
      success: { description: 'The dispute.' },
    },
  }),
];
