import { idOf } from '../endpoint-doc.ts';
import { readOne } from '../read-one.ts';

/** One checkout session (poll its status). */
export const getCheckoutSession = readOne(
  'checkout session',
  (state, id) => state.checkouts.get(id),
  (record) => record.session,
  {
    operationId: 'getCheckoutSession',
    pathParameters: { id: idOf('checkout session', 'cs_') },
    success: {
      description: 'The session, in the checkout envelope.',
    },
  },
);
