import { readOne } from '../read-one.ts';

/** One checkout session (poll its status). */
export const getCheckoutSession = readOne(
  'checkout session',
  (state, id) => state.checkouts.get(id),
  (record) => record.session,
);
