import { ok, PaymentLinkCancel } from '@glm/domain';
import { noSuch, refusal } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import { emitLinkEvents, move } from './link-move.ts';

/**
 * Cancels an active link: `cancelled_at`, `cancellation_reason` and `payment_link.cancelled`.
 * Any other status is `400 invalid_state` (param `status`) with the current status in the message.
 */
export const cancelPaymentLink = defineOperation({
  endpoint: {
    operationId: 'cancelPaymentLink',
    pathParameters: { id: idOf('payment link', 'plink_') },
    description:
      'Only an active link can be cancelled (400 invalid_state, param `status`). Emits `payment_link.cancelled`.',
    success: { description: 'The cancelled link.' },
  },
  input: PaymentLinkCancel,
  rules: 'payment_link.cancel',
  run(context, { reason }, id) {
    const { engine, mode } = context;
    const links = engine.store.modes[mode].paymentLinks;
    const record = links.get(id);
    if (record === undefined) return noSuch('payment link');
    const now = engine.nowIso();
    const { moved, next } = move(
      record.link,
      reason === undefined ? { type: 'cancel', now } : { type: 'cancel', now, reason },
    );
    if (!moved.ok) return refusal(moved.code, moved.message, { param: moved.param });
    links.update({ ...record, link: next });
    emitLinkEvents(context, moved, next);
    return ok(next);
  },
});
