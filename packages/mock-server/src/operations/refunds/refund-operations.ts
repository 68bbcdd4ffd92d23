import { ok, type Refund, type RefundCreate, type RefundListQuery } from '@glm/domain';
import { noSuch, type Outcome } from '../../core/outcome.ts';
import type { Page } from '../../core/store/ordered-collection.ts';
import { asStored, listPage } from '../list-page.ts';
import type { OperationContext } from '../operation-context.ts';
import * as refunds from './refunds.ts';

/** Creates a pending refund of a captured order; emits `refund.created`. */
export function createRefund({ engine, mode }: OperationContext, input: RefundCreate): Outcome<Refund> {
  return refunds.createRefund(engine, mode, input);
}

/** One refund. */
export function getRefund({ engine, mode }: OperationContext, id: string): Outcome<Refund> {
  const refund = engine.store.modes[mode].refunds.get(id);
  return refund === undefined ? noSuch('refund') : ok(refund);
}

/** One page of refunds, newest first, filtered by order and status. */
export function listRefunds(
  { engine, mode }: OperationContext,
  query: RefundListQuery,
): Outcome<Page<Refund, string>> {
  const { order_id, status } = query;
  return listPage(engine.store.modes[mode].refunds, query, {
    noun: 'refund',
    where: (refund) =>
      (order_id === undefined || refund.order_id === order_id) &&
      (status === undefined || refund.status === status),
    present: asStored,
  });
}

/** Settles a pending refund as succeeded (`refund.succeeded`). */
export function succeedRefund({ engine, mode }: OperationContext, id: string): Outcome<Refund> {
  return refunds.settleRefund(engine, mode, id, 'succeed');
}

/** Settles a pending refund as failed (`refund.failed`); its amount is left to refund again. */
export function failRefund({ engine, mode }: OperationContext, id: string): Outcome<Refund> {
  return refunds.settleRefund(engine, mode, id, 'fail');
}
