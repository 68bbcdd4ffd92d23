import type { Mode } from '@glm/domain';
import { expireCheckout } from '../payments/checkout-expiry.ts';
import { expirePaymentLink } from '../payments/payment-links.ts';
import { REFUND_AUTO_SUCCEED_MS, settleRefund } from '../payments/refunds.ts';
import { scheduleDue, scheduleTrialNotice } from '../payments/subscriptions.ts';
import type { Engine } from '../service/engine.ts';

/**
 * Schedules again, from the restored objects, the jobs a snapshot cannot hold (they are functions):
 * the expiry of every open checkout session and active payment link, the automatic success of every
 * pending refund, every subscription's next charge and a trial-ending notice not yet sent. Webhook
 * retries are scheduled by the delivery queue's own restore. A job already due runs on the next
 * request or tick, as it would have.
 */
export function rescheduleJobs(engine: Engine): void {
  for (const mode of ['test', 'live'] as const satisfies readonly Mode[]) {
    const state = engine.store.modes[mode];
    for (const { session } of state.checkouts.newestFirst()) {
      if (session.status !== 'open') continue;
      const id = session.checkout_id;
      engine.schedule(Date.parse(session.expires_at), () => expireCheckout(engine, mode, id));
    }
    for (const { link } of state.paymentLinks.newestFirst()) {
      if (link.status !== 'active') continue;
      const id = link.id;
      engine.schedule(Date.parse(link.expires_at), () => expirePaymentLink(engine, mode, id));
    }
    for (const refund of state.refunds.newestFirst()) {
      if (refund.status !== 'pending') continue;
      const id = refund.id;
      engine.schedule(Date.parse(refund.created_at) + REFUND_AUTO_SUCCEED_MS, () => {
        if (state.refunds.get(id)?.status === 'pending') settleRefund(engine, mode, id, 'succeed');
      });
    }
    const noticed = new Set(
      engine.events
        .list({ mode, type: 'subscription.trial_ending' })
        .map((event) => (event.data as { id?: unknown }).id),
    );
    for (const { subscription } of state.subscriptions.newestFirst()) {
      if (!noticed.has(subscription.id)) scheduleTrialNotice(engine, mode, subscription.id);
      scheduleDue(engine, mode, subscription.id);
    }
  }
}
