import { Readable } from 'node:stream';
import { expect, test, vi } from 'vitest';
import { createTestEvent } from '../testing/create-test-event.ts';
import { signTestWebhook } from '../testing/sign-test-webhook.ts';
import {
  createNodeWebhookHandler,
  type NodeWebhookRequest,
  type NodeWebhookResponse,
} from './create-node-webhook-handler.ts';
import { isWebhookVerificationError } from './webhook-verification-error.ts';

const secret = 'whsec_3yVQpZbH8mC2kT6nR1xW9aLd5fGj0sUe';
const sampleEvent = () => createTestEvent('order.completed', { seed: 7 });

// A real Node readable stream carrying the request fields node:http sets.
function nodeRequest(
  chunks: readonly (string | Uint8Array)[],
  headers: Readonly<Record<string, string>>,
  extra: { readonly method?: string; readonly body?: unknown } = {},
): NodeWebhookRequest {
  return Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), {
    method: extra.method ?? 'POST',
    headers,
    ...('body' in extra ? { body: extra.body } : {}),
  });
}

function nodeResponse() {
  const sent: { status?: number; headers: Record<string, string>; body?: string } = { headers: {} };
  const res: NodeWebhookResponse = {
    statusCode: 200,
    setHeader(name, value) {
      sent.headers[name] = value;
    },
    end(body) {
      sent.status = res.statusCode;
      sent.body = body;
    },
  };
  return { res, sent };
}

test('a body streamed in chunks is reassembled byte for byte, verified and handled', async () => {
  const completed = vi.fn();
  const handle = createNodeWebhookHandler({ secret, on: { 'order.completed': completed } });
  const { body, headers } = await signTestWebhook(sampleEvent(), secret);
  const { res, sent } = nodeResponse();
  await handle(nodeRequest([body.slice(0, 7), body.slice(7, 40), body.slice(40)], headers), res);
  expect(sent.status).toBe(200);
  expect(sent.headers['content-type']).toBe('application/json');
  expect(completed).toHaveBeenCalledExactlyOnceWith(sampleEvent());
});

test('a raw Buffer left by express.raw() is used as the body', async () => {
  const completed = vi.fn();
  const handle = createNodeWebhookHandler({ secret, on: { 'order.completed': completed } });
  const { body, headers } = await signTestWebhook(sampleEvent(), secret);
  const { res, sent } = nodeResponse();
  await handle(nodeRequest([], headers, { body: Buffer.from(body) }), res);
  expect(sent.status).toBe(200);
  expect(completed).toHaveBeenCalledOnce();
});

test('a body already parsed by a JSON middleware is refused as body_not_raw with 400', async () => {
  const onError = vi.fn();
  const handle = createNodeWebhookHandler({ secret, on: {}, onError });
  const { body, headers } = await signTestWebhook(sampleEvent(), secret);
  const { res, sent } = nodeResponse();
  await handle(nodeRequest([], headers, { body: JSON.parse(body) }), res);
  expect(sent.status).toBe(400);
  const [error] = onError.mock.calls[0] ?? [];
  expect(isWebhookVerificationError(error) && error.reason).toBe('body_not_raw');
});

test('a body larger than maxBodyBytes is answered 413 without being verified', async () => {
  const onError = vi.fn();
  const handle = createNodeWebhookHandler({ secret, on: {}, onError, maxBodyBytes: 16 });
  const { body, headers } = await signTestWebhook(sampleEvent(), secret);
  const { res, sent } = nodeResponse();
  await handle(nodeRequest([body], headers), res);
  expect(sent.status).toBe(413);
  expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(RangeError);
});

test('a redelivery through the Node handler runs the handler once', async () => {
  const completed = vi.fn();
  const handle = createNodeWebhookHandler({ secret, on: { 'order.completed': completed } });
  for (const attempt of [1, 2]) {
    const { body, headers } = await signTestWebhook(sampleEvent(), secret, { attempt });
    await handle(nodeRequest([body], headers), nodeResponse().res);
  }
  expect(completed).toHaveBeenCalledTimes(1);
});

test('a GET is answered 405 without reading the body', async () => {
  const handle = createNodeWebhookHandler({ secret, on: {} });
  const { res, sent } = nodeResponse();
  await handle(nodeRequest([], {}, { method: 'GET' }), res);
  expect(sent.status).toBe(405);
  expect(sent.headers['allow']).toBe('POST');
});
