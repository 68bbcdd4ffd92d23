import type { Mode } from '@glm/domain';
import type { Engine } from '../../core/engine.ts';
import { expireCheckout } from '../../operations/checkout/expiry.ts';
import { expirePaymentLink } from '../../operations/payment-links/expiry.ts';
import { REFUND_AUTO_SUCCEED_MS, scheduleAutoSuccess } from '../../operations/refunds/settle.ts';
import { scheduleDue } from '../../operations/subscriptions/renew.ts';
import { scheduleTrialNotice } from '../../operations/subscriptions/start.ts';

/**
 * Schedules again, from the restored objects, the jobs a snapshot cannot hold (they are functions):
 * the expiry of every open checkout session and active payment link, the automatic success of every
 * pending refund, every subscription's next charge and a trial-ending notice not yet sent. Webhook
 * retries are scheduled by the delivery queue's own restore. A job already due runs on the next
 * request or tick, as it would have.
 */
export function rescheduleJobs(engine: Engine): void {
  // Jobs due at one instant run in the order they were scheduled: schedule again oldest object first.
  const jobs: { readonly at: number; readonly schedule: () => void }[] = [];
  const oldestFirst = <T>(items: IterableIterator<T>): T[] => [...items].reverse();
  for (const mode of ['test', 'live'] as const satisfies readonly Mode[]) {
    const context = { engine, mode };
    const state = engine.store.modes[mode];
    for (const { session } of oldestFirst(state.checkouts.newestFirst())) {
      if (session.status !== 'open') continue;
      const id = session.checkout_id;
      jobs.push({
        at: Date.parse(session.created_at),
        schedule: () => engine.schedule(Date.parse(session.expires_at), () => expireCheckout(context, id)),
      });
    }
    for (const { link } of oldestFirst(state.paymentLinks.newestFirst())) {
      if (link.status !== 'active') continue;
      const id = link.id;
      jobs.push({
        at: Date.parse(link.created_at),
        schedule: () => engine.schedule(Date.parse(link.expires_at), () => expirePaymentLink(context, id)),
      });
    }
    for (const refund of oldestFirst(state.refunds.newestFirst())) {
      if (refund.status !== 'pending') continue;
      const id = refund.id;
      jobs.push({
        at: Date.parse(refund.created_at),
        schedule: () =>
          scheduleAutoSuccess(context, id, Date.parse(refund.created_at) + REFUND_AUTO_SUCCEED_MS),
      });
    }
    const noticed = new Set(
      engine.events
        .list({ mode, type: 'subscription.trial_ending' })
        .map((event) => (event.data as { id?: unknown }).id),
    );
    for (const { subscription } of oldestFirst(state.subscriptions.newestFirst())) {
      const id = subscription.id;
      jobs.push({
        at: Date.parse(subscription.created_at),
        schedule: () => {
          if (!noticed.has(id)) scheduleTrialNotice(context, id);
          scheduleDue(context, id);
        },
      });
    }
  }
  // A stable sort: objects made at one instant keep their kind's order.
  for (const job of jobs.sort((a, b) => a.at - b.at)) job.schedule();
}
