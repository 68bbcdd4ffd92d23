import {
  ok,
  type PaymentLink,
  type PaymentLinkCancel,
  type PaymentLinkCreate,
  type PaymentLinkListQuery,
} from '@glm/domain';
import type { PaymentLinkPayResult, TestPaymentRequest } from '@glm/domain/test-helpers';
import { noSuch, type Outcome } from '../../core/outcome.ts';
import type { Page } from '../../core/store/ordered-collection.ts';
import { listPage } from '../list-page.ts';
import type { OperationContext } from '../operation-context.ts';
import * as links from './payment-links.ts';

/** Creates an active payment link; emits `payment_link.created`. */
export function createPaymentLink(
  { engine, mode }: OperationContext,
  input: PaymentLinkCreate,
): Outcome<PaymentLink> {
  return links.createPaymentLink(engine, mode, input);
}

/** One payment link. */
export function getPaymentLink({ engine, mode }: OperationContext, id: string): Outcome<PaymentLink> {
  const record = engine.store.modes[mode].paymentLinks.get(id);
  return record === undefined ? noSuch('payment link') : ok(record.link);
}

/** One page of payment links, newest first, filtered by status, payment type and customer email. */
export function listPaymentLinks(
  { engine, mode }: OperationContext,
  query: PaymentLinkListQuery,
): Outcome<Page<PaymentLink, string>> {
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
}

/** Cancels an active link; any other status is `invalid_state`. */
export function cancelPaymentLink(
  { engine, mode }: OperationContext,
  id: string,
  input: PaymentLinkCancel,
): Outcome<PaymentLink> {
  return links.cancelPaymentLink(engine, mode, id, input.reason);
}

/** Pays an active link with the test cards, through its checkout session. */
export function payPaymentLink(
  { engine, mode }: OperationContext,
  id: string,
  input: TestPaymentRequest,
): Outcome<PaymentLinkPayResult> {
  const { customer, ...cards } = input;
  return links.payPaymentLink(engine, mode, id, cards, customer);
}
