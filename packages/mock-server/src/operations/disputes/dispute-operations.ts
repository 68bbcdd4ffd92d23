import { type Dispute, type DisputeListQuery, ok } from '@glm/domain';
import type { DisputeCloseRequest, DisputeOpenRequest } from '@glm/domain/test-helpers';
import { noSuch, type Outcome } from '../../core/outcome.ts';
import type { Page } from '../../core/store/ordered-collection.ts';
import { asStored, listPage } from '../list-page.ts';
import type { OperationContext } from '../operation-context.ts';
import * as disputes from './disputes.ts';

/** Opens a chargeback on a captured order (`dispute.created`; the order becomes `disputed`). */
export function openDispute(
  { engine, mode }: OperationContext,
  orderId: string,
  input: DisputeOpenRequest,
): Outcome<Dispute> {
  return disputes.openDispute(engine, mode, orderId, input.reason ?? null);
}

/** Closes an open dispute with its outcome (`dispute.closed`). */
export function closeDispute(
  { engine, mode }: OperationContext,
  id: string,
  input: DisputeCloseRequest,
): Outcome<Dispute> {
  return disputes.closeDispute(engine, mode, id, input.outcome);
}

/** One dispute (the service has no merchant dispute API: a test-helper read). */
export function getDispute({ engine, mode }: OperationContext, id: string): Outcome<Dispute> {
  const dispute = engine.store.modes[mode].disputes.get(id);
  return dispute === undefined ? noSuch('dispute') : ok(dispute);
}

/** One page of disputes, newest first, filtered by order and status. */
export function listDisputes(
  { engine, mode }: OperationContext,
  query: DisputeListQuery,
): Outcome<Page<Dispute, string>> {
  const { order_id, status } = query;
  return listPage(engine.store.modes[mode].disputes, query, {
    noun: 'dispute',
    where: (dispute) =>
      (order_id === undefined || dispute.order_id === order_id) &&
      (status === undefined || dispute.status === status),
    present: asStored,
  });
}
