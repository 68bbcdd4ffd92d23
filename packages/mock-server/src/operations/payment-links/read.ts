import { PaymentLinkListQuery } from '@glm/domain';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import { listPage } from '../list-page.ts';
import { readOne } from '../read-one.ts';

/** One payment link. */
export const getPaymentLink = readOne(
  'payment link',
  (state, id) => state.paymentLinks.get(id),
  (record) => record.link,
  {
    operationId: 'getPaymentLink',
    pathParameters: { id: idOf('payment link', 'plink_') },
    success: { description: 'The payment link.' },
  },
);

/** One page of payment links, newest first, filtered by status, payment type and customer email. */
export const listPaymentLinks = defineOperation({
  endpoint: {
    operationId: 'listPaymentLinks',
    success: { description: 'One page of payment links.' },
  },
  input: PaymentLinkListQuery,
  rules: 'payment_link.list',
  run({ engine, mode }, query) {
    const { status, payment_type, customer_email } = query;
    const email = customer_email?.toLowerCase();
    return listPage(engine.store.modes[mode].paymentLinks, query, {
      noun: 'payment link',
      where: ({ link }) =>
        (status === undefined || link.status === status) &&
        (payment_type === undefined || link.payment_type === payment_type) &&
        (email === undefined || link.customer?.email?.toLowerCase() === email),
      present: (record) => record.link,
    });
  },
});
