import { ok } from '@glm/domain';
import { TestPaymentRequest } from '@glm/domain/test-helpers';
import { noSuch, refusal } from '../../core/outcome.ts';
import { paySession } from '../checkout/pay-session.ts';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import { emitLinkEvents, move } from './link-move.ts';
import { sessionFor } from './link-session.ts';

/**
 * The pay test helper of a link: opens (or reuses) the link's checkout session and plays a
 * payment attempt on it. On success the link becomes `paid` and `payment_link.paid` is emitted before
 * the order's events; the order carries `payment_link_id`. A link that is not active is `409 conflict`.
 * Answers `{payment_link, checkout, order, payment}`.
 */
export const payPaymentLink = defineOperation({
  endpoint: {
    operationId: 'testPayPaymentLink',
    pathParameters: { id: idOf('payment link', 'plink_') },
    success: {
      description: 'The attempt and what it created.',
    },
  },
  input: TestPaymentRequest,
  rules: 'test_helpers.pay',
  creates: true,
  run(context, input, id) {
    const { engine, mode } = context;
    const { customer: payer, ...cards } = input;
    const links = engine.store.modes[mode].paymentLinks;
    const record = links.get(id);
    if (record === undefined) return noSuch('payment link');
    const check = move(record.link, { type: 'payment_succeeded', now: engine.nowIso() });
    if (!check.moved.ok) return refusal('conflict', check.moved.message, { param: 'status' });
    const session = sessionFor(context, record);
    if (!session.ok) return session;
    const onPaid = () => {
      const current = links.get(id) ?? record;
      const { moved, next } = move(current.link, { type: 'payment_succeeded', now: engine.nowIso() });
      links.update({ ...current, link: next });
      emitLinkEvents(context, moved, next);
    };
    const result = paySession(context, session.value.checkout_id, { cards, payer, onPaid });
    if (!result.ok) return result;
    const link = links.get(id)?.link ?? record.link;
    return ok({ payment_link: link, ...result.attempt });
  },
});
