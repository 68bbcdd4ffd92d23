import type { Mode } from '@glm/domain';
import { parseDuration } from '../../core/duration.ts';
import { valueOrThrow } from '../../core/mock-service-error.ts';
import { noSuch, refusal } from '../../core/outcome.ts';
import type { Routable } from '../../http/router.ts';
import { createApiKey } from '../../operations/api-keys/create.ts';
import { revokeApiKey } from '../../operations/api-keys/revoke.ts';
import { captureOrder } from '../../operations/authorized-orders/capture.ts';
import { failOrder } from '../../operations/authorized-orders/fail.ts';
import { advanceClock } from '../../operations/clock/advance.ts';
import { cancelSubscription } from '../../operations/subscriptions/cancel.ts';
import { flushWebhooks, resendWebhookDelivery } from '../../operations/webhooks/deliveries.ts';
import { deleteWebhookEndpoint, registerWebhookEndpoint } from '../../operations/webhooks/endpoints.ts';
import { seeOther } from '../kit/page-response.ts';
import type { PageContext } from '../page-context.ts';
import { flash } from './flash.ts';
import { returnPath } from './return-path.ts';

/** Fixed texts of the notices after a redirect (only a code travels in the address, never text). */
export const NOTICES: Readonly<Record<string, string>> = {
  key_revoked: 'The key is revoked: the API refuses it from the next request on.',
  endpoint_deleted: 'The endpoint is deleted: it receives nothing more.',
  delivery_resent: 'The delivery was sent again; its new attempt is listed below.',
  webhooks_flushed: 'Every due webhook delivery was attempted.',
  clock_advanced: 'The clock moved forward; everything due happened, and due webhooks were attempted.',
  subscription_cancelled: 'The subscription is cancelled: it charges nothing more.',
  subscription_ends: 'The subscription ends at the end of its current period; it charges nothing more.',
  fault_removed: 'The fault rule is removed: the requests it matched are answered as usual.',
  order_captured: 'The payment is captured: the order is completed and order.completed was sent.',
  order_failed: 'The payment failed: the order is failed and order.failed was sent.',
};

const back = (form: URLSearchParams, mode: Mode, notice: keyof typeof NOTICES): Response =>
  seeOther(`${returnPath(form.get('return_to'))}?${new URLSearchParams({ mode, notice })}`);

/** A refusal of the form itself, shown like a refused operation. */
const refuse = (message: string): never => valueOrThrow<never>(refusal('invalid_request', message));

type Action = (context: PageContext, form: URLSearchParams, mode: Mode, id: string) => Promise<Response>;

/** A dashboard form action: a `POST` to its path runs it with the form's fields and the path's `:id`. */
export interface ActionRoute extends Routable {
  /** Marks the route as an action's. */
  readonly kind: 'action';
  /** Runs the action. */
  readonly run: Action;
}

const action = (path: string, { run }: { readonly run: Action }): ActionRoute => ({
  kind: 'action',
  method: 'POST',
  path,
  run,
});

/**
 * The dashboard's form actions, by path. Each runs the service operation of the same name (those of
 * the test-helper admin endpoints, the subscription cancel); a refusal throws `MockServiceError`
 * with the endpoint's message.
 */
export const DASHBOARD_ACTIONS: readonly ActionRoute[] = [
  action('/dashboard/api-keys', {
    async run(context, form, mode) {
      const body = { mode: form.get('key_mode') === 'live' ? 'live' : 'test', name: form.get('name') ?? '' };
      const created = await context.call(mode, createApiKey, body);
      return flash(context, mode, {
        tone: 'success',
        text: `Key “${created.name}” created (${created.mode} mode).`,
        secret: { label: 'API key', value: created.key },
      });
    },
  }),
  action('/dashboard/api-keys/:id/revoke', {
    async run(context, form, mode, id) {
      await context.call(mode, revokeApiKey, undefined, id);
      return back(form, mode, 'key_revoked');
    },
  }),
  action('/dashboard/webhook-endpoints', {
    async run(context, form, mode) {
      const description = form.get('description') ?? '';
      const secret = form.get('secret') ?? '';
      const body = {
        url: form.get('url') ?? '',
        events: form.getAll('events'),
        ...(description === '' ? {} : { description }),
        ...(secret === '' ? {} : { secret }),
      };
      const created = await context.call(mode, registerWebhookEndpoint, body);
      return flash(context, mode, {
        tone: 'success',
        text: `Endpoint ${created.url} registered (${created.id}).`,
        secret: { label: 'Signing secret', value: created.secret },
      });
    },
  }),
  action('/dashboard/webhook-endpoints/:id/delete', {
    async run(context, form, mode, id) {
      await context.call(mode, deleteWebhookEndpoint, undefined, id);
      return back(form, mode, 'endpoint_deleted');
    },
  }),
  action('/dashboard/webhook-deliveries/:id/resend', {
    async run(context, form, mode, id) {
      await context.call(mode, resendWebhookDelivery, undefined, id);
      return back(form, mode, 'delivery_resent');
    },
  }),
  action('/dashboard/subscriptions/:id/cancel', {
    async run(context, form, mode, id) {
      const when = form.get('when');
      if (when !== 'now' && when !== 'period_end') {
        return refuse('Choose when the subscription ends: at once, or at the end of its current period.');
      }
      const body = { cancel_at_period_end: when === 'period_end' };
      await context.call(mode, cancelSubscription, body, id);
      return back(form, mode, when === 'now' ? 'subscription_cancelled' : 'subscription_ends');
    },
  }),
  action('/dashboard/orders/:id/capture', {
    async run(context, form, mode, id) {
      if (mode !== 'test') return refuse('Only a test-mode order can be captured here.');
      await context.call(mode, captureOrder, undefined, id);
      return back(form, mode, 'order_captured');
    },
  }),
  action('/dashboard/orders/:id/fail', {
    async run(context, form, mode, id) {
      if (mode !== 'test') return refuse('Only a test-mode order can be failed here.');
      await context.call(mode, failOrder, {}, id);
      return back(form, mode, 'order_failed');
    },
  }),
  action('/dashboard/webhooks/flush', {
    async run(context, form, mode) {
      await context.call(mode, flushWebhooks);
      return back(form, mode, 'webhooks_flushed');
    },
  }),
  action('/dashboard/faults/:id/delete', {
    async run(context, form, mode, id) {
      if (context.faults.remove(id) === undefined) valueOrThrow(noSuch('fault rule'));
      return back(form, mode, 'fault_removed');
    },
  }),
  action('/dashboard/clock/advance', {
    async run(context, form, mode) {
      const ms = parseDuration(form.get('duration') ?? '');
      if (ms === undefined) return refuse('Write the duration as 30s, 15m, 24h or 2d.');
      const body = { seconds: Math.ceil(ms / 1000) };
      await context.call(mode, advanceClock, body);
      // Retries that fell due are attempted now, as the standalone server's timer would do a moment later.
      await context.call(mode, flushWebhooks);
      return back(form, mode, 'clock_advanced');
    },
  }),
];
