import { ok } from '@glm/domain';
import { noSuch, refusal } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';

/**
 * The shopper leaves the hosted page: an open session stays open and nothing is emitted; a session
 * that is not open is `conflict`.
 */
export const cancelCheckout = defineOperation({
  endpoint: {
    operationId: 'testCancelCheckoutSession',
    pathParameters: { id: idOf('checkout session', 'cs_') },
    description: 'The session stays open; nothing is emitted.',
    success: { description: 'The session, unchanged.' },
  },
  run({ engine, mode }, _input, id) {
    const record = engine.store.modes[mode].checkouts.get(id);
    if (record === undefined) return noSuch('checkout session');
    if (record.session.status !== 'open') {
      return refusal('conflict', `A checkout session that is ${record.session.status} cannot be cancelled.`, {
        param: 'status',
      });
    }
    return ok({ checkout: record.session });
  },
});
