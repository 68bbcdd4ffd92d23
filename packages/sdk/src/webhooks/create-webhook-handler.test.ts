import { expect, test, vi } from 'vitest';
import { createTestEvent, createUnknownTestEvent } from '../testing/create-test-event.ts';
import { signTestWebhook } from '../testing/sign-test-webhook.ts';
import { createWebhookHandler } from './create-webhook-handler.ts';
import type { AnyWebhookEvent } from './webhook-event.ts';
import { isWebhookVerificationError } from './webhook-verification-error.ts';

const secret = 'whsec_3yVQpZbH8mC2kT6nR1xW9aLd5fGj0sUe';
const sampleEvent = () => createTestEvent('order.completed', { seed: 7 });

async function post(
  event: AnyWebhookEvent,
  options: { readonly secret?: string; readonly attempt?: number } = {},
) {
  const { body, headers } = await signTestWebhook(event, options.secret ?? secret, {
    attempt: options.attempt ?? 1,
  });
  return new Request('https://shop.test/webhooks/glm', { method: 'POST', body, headers });
}

test('a verified event runs its handler with the event and is answered 200', async () => {
  const completed = vi.fn();
  const handler = createWebhookHandler({ secret, on: { 'order.completed': completed } });
  const response = await handler(await post(sampleEvent()));
  expect(response.status).toBe(200);
  expect(completed).toHaveBeenCalledExactlyOnceWith(sampleEvent());
});

test('a redelivery of an event already processed is answered 200 without running the handler again', async () => {
  const completed = vi.fn();
  const handler = createWebhookHandler({ secret, on: { 'order.completed': completed } });
  const first = await handler(await post(sampleEvent(), { attempt: 1 }));
  const second = await handler(await post(sampleEvent(), { attempt: 2 }));
  expect([first.status, second.status]).toEqual([200, 200]);
  expect(completed).toHaveBeenCalledTimes(1);
});

test('concurrent deliveries of one event run the handler once', async () => {
  const completed = vi.fn(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
  const handler = createWebhookHandler({ secret, on: { 'order.completed': completed } });
  const responses = await Promise.all([
    handler(await post(sampleEvent())),
    handler(await post(sampleEvent())),
  ]);
  expect(responses.map((response) => response.status)).toEqual([200, 200]);
  expect(completed).toHaveBeenCalledTimes(1);
});

test('with deduplication off every delivery runs the handler', async () => {
  const completed = vi.fn();
  const handler = createWebhookHandler({ secret, dedupe: false, on: { 'order.completed': completed } });
  await handler(await post(sampleEvent()));
  await handler(await post(sampleEvent()));
  expect(completed).toHaveBeenCalledTimes(2);
});

test('a handler that throws is answered 500 and the retry runs it again', async () => {
  const completed = vi
    .fn()
    .mockRejectedValueOnce(new Error('database down'))
    .mockResolvedValueOnce(undefined);
  const onError = vi.fn();
  const handler = createWebhookHandler({ secret, on: { 'order.completed': completed }, onError });
  const failed = await handler(await post(sampleEvent()));
  expect(failed.status).toBe(500);
  expect(await failed.text()).not.toContain('database down');
  expect(onError).toHaveBeenCalledWith(new Error('database down'), sampleEvent());
  const retried = await handler(await post(sampleEvent(), { attempt: 2 }));
  expect(retried.status).toBe(200);
  expect(completed).toHaveBeenCalledTimes(2);
});

test('a delivery that fails verification is answered 400 without details and never reaches a handler', async () => {
  const completed = vi.fn();
  const onError = vi.fn();
  const handler = createWebhookHandler({ secret, on: { 'order.completed': completed }, onError });
  const response = await handler(await post(sampleEvent(), { secret: 'whsec_forged' }));
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: 'invalid_webhook' });
  expect(completed).not.toHaveBeenCalled();
  const [error] = onError.mock.calls[0] ?? [];
  expect(isWebhookVerificationError(error) && error.reason).toBe('invalid_token');
});

test('a refused delivery does not use up the event id, so the genuine delivery still runs', async () => {
  const completed = vi.fn();
  const handler = createWebhookHandler({ secret, on: { 'order.completed': completed } });
  await handler(await post(sampleEvent(), { secret: 'whsec_forged' }));
  await handler(await post(sampleEvent()));
  expect(completed).toHaveBeenCalledTimes(1);
});

test('an event without a handler goes to onUnhandled and is acknowledged', async () => {
  const onUnhandled = vi.fn();
  const unknown = createUnknownTestEvent('invoice.paid', { invoice_id: 'inv_1' });
  const handler = createWebhookHandler({ secret, on: {}, onUnhandled });
  const response = await handler(await post(unknown));
  expect(response.status).toBe(200);
  expect(onUnhandled).toHaveBeenCalledExactlyOnceWith(unknown);
});

test('an event type named like an Object.prototype member never reaches the prototype', async () => {
  const onUnhandled = vi.fn();
  const handler = createWebhookHandler({ secret, on: {}, onUnhandled });
  for (const type of ['constructor', '__proto__', 'toString']) {
    const event = createUnknownTestEvent(type);
    expect((await handler(await post(event))).status).toBe(200);
  }
  expect(onUnhandled).toHaveBeenCalledTimes(3);
});

test('a method other than POST is answered 405 with Allow: POST', async () => {
  const handler = createWebhookHandler({ secret, on: {} });
  const response = await handler(new Request('https://shop.test/webhooks/glm'));
  expect(response.status).toBe(405);
  expect(response.headers.get('allow')).toBe('POST');
});

test('a dedupe store that fails answers 500 so the service retries later', async () => {
  const completed = vi.fn();
  const store = { claim: () => Promise.reject(new Error('redis down')), release: () => undefined };
  const handler = createWebhookHandler({ secret, dedupe: store, on: { 'order.completed': completed } });
  expect((await handler(await post(sampleEvent()))).status).toBe(500);
  expect(completed).not.toHaveBeenCalled();
});

test('a throwing onError does not change the answer', async () => {
  const handler = createWebhookHandler({
    secret,
    on: {},
    onError: () => {
      throw new Error('logger broke');
    },
  });
  expect((await handler(await post(sampleEvent(), { secret: 'whsec_forged' }))).status).toBe(400);
});

test('a handler built without a secret verifies with GLM_WEBHOOK_SECRET, read on each delivery', async () => {
  const completed = vi.fn();
  const handler = createWebhookHandler({ on: { 'order.completed': completed } });
  vi.stubEnv('GLM_WEBHOOK_SECRET', secret);
  expect((await handler(await post(sampleEvent()))).status).toBe(200);
  vi.stubEnv('GLM_WEBHOOK_SECRET', 'whsec_Kq2Lw8Zp4Xv6Nb1Mc3Jd5Hf7Gs9Ta0Ry');
  expect((await handler(await post(createTestEvent('order.completed', { seed: 8 })))).status).toBe(400);
  vi.unstubAllEnvs();
  expect(completed).toHaveBeenCalledTimes(1);
});
