import { parseEvent } from '@glm/domain';
import fc from 'fast-check';
import { expect, test, vi } from 'vitest';
import { createTestEvent } from '../testing/create-test-event.ts';
import { signTestWebhook } from '../testing/sign-test-webhook.ts';
import { signPayload } from './signature-header.ts';
import { type VerifyWebhookOptions, verifyWebhook } from './verify-webhook.ts';
import { isWebhookVerificationError, type WebhookVerificationReason } from './webhook-verification-error.ts';

const secret = 'whsec_3yVQpZbH8mC2kT6nR1xW9aLd5fGj0sUe';
const sampleEvent = () => createTestEvent('order.completed', { seed: 7 });
const otherSecret = 'whsec_Kq2Lw8Zp4Xv6Nb1Mc3Jd5Hf7Gs9Ta0Ry';
const signedAt = 1_767_323_045;
const now = signedAt * 1000;

async function delivery(overrides: { readonly timestamp?: number; readonly signWith?: string } = {}) {
  return signTestWebhook(sampleEvent(), overrides.signWith ?? secret, {
    timestamp: overrides.timestamp ?? signedAt,
  });
}

async function reasonOf(options: VerifyWebhookOptions): Promise<WebhookVerificationReason | 'accepted'> {
  try {
    await verifyWebhook(options);
    return 'accepted';
  } catch (error) {
    if (isWebhookVerificationError(error)) return error.reason;
    throw error;
  }
}

function without(headers: Readonly<Record<string, string>>, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
}

test('a signed delivery verifies and returns the event typed by its type', async () => {
  const { body, headers } = await delivery();
  const event = await verifyWebhook({ body, headers, secret, now });
  expect(event).toEqual(sampleEvent());
});

test('a Fetch Request is verified from its own headers and unread body', async () => {
  const { body, headers } = await delivery();
  const request = new Request('https://shop.test/webhooks', { method: 'POST', body, headers });
  expect((await verifyWebhook({ body: request, secret, now })).id).toBe(sampleEvent().id);
});

test('bytes and an ArrayBuffer verify like the string they encode', async () => {
  const { body, headers } = await delivery();
  const bytes = new TextEncoder().encode(body);
  expect((await verifyWebhook({ body: bytes, headers, secret, now })).id).toBe(sampleEvent().id);
  expect((await verifyWebhook({ body: bytes.slice().buffer, headers, secret, now })).id).toBe(
    sampleEvent().id,
  );
});

test('an already-parsed body is refused as body_not_raw', async () => {
  const { body, headers } = await delivery();
  const parsed: unknown = JSON.parse(body);
  expect(await reasonOf({ body: parsed as string, headers, secret, now })).toBe('body_not_raw');
});

test('a delivery without Authorization is refused as missing_authorization', async () => {
  const { body, headers } = await delivery();
  expect(await reasonOf({ body, headers: without(headers, 'authorization'), secret, now })).toBe(
    'missing_authorization',
  );
});

test('a wrong token, another scheme or a bare token is refused as invalid_token', async () => {
  const { body, headers } = await delivery();
  for (const authorization of [
    `Bearer ${otherSecret}`,
    `Basic ${secret}`,
    secret,
    'Bearer ',
    `Bearer ${secret}x`,
  ]) {
    expect(await reasonOf({ body, headers: { ...headers, authorization }, secret, now }), authorization).toBe(
      'invalid_token',
    );
  }
});

test('the Bearer scheme is matched case-insensitively', async () => {
  const { body, headers } = await delivery();
  expect(
    await reasonOf({ body, headers: { ...headers, authorization: `bearer ${secret}` }, secret, now }),
  ).toBe('accepted');
});

test('a delivery without a signature is accepted on the token alone unless a signature is required', async () => {
  const { body, headers } = await delivery();
  const unsigned = without(headers, 'x-service-signature');
  expect(await reasonOf({ body, headers: unsigned, secret, now })).toBe('accepted');
  expect(await reasonOf({ body, headers: unsigned, secret, now, requireSignature: true })).toBe(
    'missing_signature',
  );
});

test('a signature header that is not t=<unix>,v1=<hex> is refused as malformed_signature', async () => {
  const { body, headers } = await delivery();
  for (const signature of ['v1=abc', `t=${signedAt}`, `t=${signedAt},v1=xyz`, 'garbage']) {
    expect(
      await reasonOf({ body, headers: { ...headers, 'x-service-signature': signature }, secret, now }),
    ).toBe('malformed_signature');
  }
});

test('a signature made with another secret or over another body is refused as invalid_signature', async () => {
  const { body, headers } = await delivery();
  const foreign = await delivery({ signWith: otherSecret });
  const foreignSignature = foreign.headers['x-service-signature'] ?? '';
  expect(
    await reasonOf({ body, headers: { ...headers, 'x-service-signature': foreignSignature }, secret, now }),
  ).toBe('invalid_signature');
  expect(await reasonOf({ body: `${body} `, headers, secret, now })).toBe('invalid_signature');
});

test('a re-serialized body fails the signature even though it is the same JSON', async () => {
  const { body, headers } = await delivery();
  const reserialized = JSON.stringify(JSON.parse(body), null, 2);
  expect(await reasonOf({ body: reserialized, headers, secret, now })).toBe('invalid_signature');
});

test('a header carrying several v1 signatures is accepted when any one of them matches', async () => {
  const { body, headers } = await delivery();
  const valid = headers['x-service-signature'] ?? '';
  const mixed = `t=${signedAt},v1=${'0'.repeat(64)},${valid.split(',')[1]}`;
  expect(await reasonOf({ body, headers: { ...headers, 'x-service-signature': mixed }, secret, now })).toBe(
    'accepted',
  );
});

test('the signed timestamp is accepted up to the tolerance in both directions and refused beyond it', async () => {
  const { body, headers } = await delivery();
  const at = (seconds: number) => (signedAt + seconds) * 1000;
  expect(await reasonOf({ body, headers, secret, now: at(300) })).toBe('accepted');
  expect(await reasonOf({ body, headers, secret, now: at(-300) })).toBe('accepted');
  expect(await reasonOf({ body, headers, secret, now: at(301) })).toBe('timestamp_outside_tolerance');
  expect(await reasonOf({ body, headers, secret, now: at(-301) })).toBe('timestamp_outside_tolerance');
  expect(await reasonOf({ body, headers, secret, now: new Date(at(-301)), tolerance: 301 })).toBe('accepted');
});

test('during a rotation a delivery signed with either the old or the new secret verifies', async () => {
  for (const signWith of [secret, otherSecret]) {
    const { body, headers } = await delivery({ signWith });
    expect(await reasonOf({ body, headers, secrets: [otherSecret, secret], now })).toBe('accepted');
  }
  const { body, headers } = await delivery({ signWith: 'whsec_retired' });
  expect(await reasonOf({ body, headers, secrets: [otherSecret, secret], now })).toBe('invalid_token');
});

test('the signature is checked with the secret the token named, not with any configured secret', async () => {
  const { body, headers } = await delivery({ signWith: otherSecret });
  const spliced = { ...headers, authorization: `Bearer ${secret}` };
  expect(await reasonOf({ body, headers: spliced, secrets: [secret, otherSecret], now })).toBe(
    'invalid_signature',
  );
});

test('a verified body that is not UTF-8 JSON is refused as malformed_json', async () => {
  for (const raw of [new TextEncoder().encode('{"id":'), Uint8Array.of(0x7b, 0xff, 0x7d)]) {
    const headers = {
      authorization: `Bearer ${secret}`,
      'x-service-signature': await signPayload(raw, secret, signedAt),
    };
    expect(await reasonOf({ body: raw, headers, secret, now })).toBe('malformed_json');
  }
});

test('verified JSON that is not an event envelope is refused as invalid_event', async () => {
  const { id: _id, ...noId } = sampleEvent();
  for (const value of [
    [],
    'evt_1',
    { ...sampleEvent(), data: null },
    noId,
    { ...sampleEvent(), test_mode: 'yes' },
  ]) {
    const raw = new TextEncoder().encode(JSON.stringify(value));
    const headers = {
      authorization: `Bearer ${secret}`,
      'x-service-signature': await signPayload(raw, secret, signedAt),
    };
    expect(await reasonOf({ body: raw, headers, secret, now })).toBe('invalid_event');
  }
});

test('with validate, a known event whose data breaks its schema is refused as invalid_event', async () => {
  const broken = { ...sampleEvent(), data: { ...sampleEvent().data, amounts: 'lots' } };
  const raw = new TextEncoder().encode(JSON.stringify(broken));
  const headers = {
    authorization: `Bearer ${secret}`,
    'x-service-signature': await signPayload(raw, secret, signedAt),
  };
  expect(await reasonOf({ body: raw, headers, secret, now, validate: parseEvent })).toBe('invalid_event');
  // Without it only the envelope is checked (decision 0003): the authenticated data is passed through.
  expect(await reasonOf({ body: raw, headers, secret, now })).toBe('accepted');
});

test('a validate function that throws refuses the delivery as invalid_event', async () => {
  const { body, headers } = await delivery();
  const validate = () => {
    throw new Error('schema bug');
  };
  expect(await reasonOf({ body, headers, secret, now, validate })).toBe('invalid_event');
});

test('an event type this SDK does not know passes through with its data', async () => {
  const event = { ...sampleEvent(), type: 'invoice.paid', data: { invoice: 'inv_1' } };
  const raw = new TextEncoder().encode(JSON.stringify(event));
  const headers = {
    authorization: `Bearer ${secret}`,
    'x-service-signature': await signPayload(raw, secret, signedAt),
  };
  expect(await verifyWebhook({ body: raw, headers, secret, now })).toEqual(event);
});

test('no secret, an empty secret or a negative tolerance is a configuration error, not a verification failure', async () => {
  const { body, headers } = await delivery();
  await expect(verifyWebhook({ body, headers, secret: '', now })).rejects.toThrow(TypeError);
  await expect(verifyWebhook({ body, headers, secrets: [], now })).rejects.toThrow(TypeError);
  await expect(verifyWebhook({ body, headers, secret, now, tolerance: -1 })).rejects.toThrow(TypeError);
});

test('the error message names the problem but never the secret, the token or the body', async () => {
  const { body, headers } = await delivery({ signWith: otherSecret });
  const error: unknown = await verifyWebhook({ body, headers, secret, now }).catch(
    (caught: unknown) => caught,
  );
  expect(isWebhookVerificationError(error)).toBe(true);
  const message = String(error);
  for (const secretPart of [secret, otherSecret, body]) expect(message).not.toContain(secretPart);
});

test('any single-byte change to the body, the token or the signature is rejected', async () => {
  const { body, headers } = await delivery();
  const authorization = headers['authorization'] ?? '';
  const signature = headers['x-service-signature'] ?? '';
  const bodyBytes = new TextEncoder().encode(body);
  // A printable ASCII byte that differs from the original one at that position.
  const change = (original: number, delta: number) => 0x21 + ((original - 0x21 + delta) % 94);
  const mutate = (text: string, index: number, delta: number) =>
    text.slice(0, index) + String.fromCharCode(change(text.charCodeAt(index), delta)) + text.slice(index + 1);

  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('body', 'token', 'signature'),
      fc.nat(),
      fc.integer({ min: 1, max: 93 }),
      async (target, position, delta) => {
        let options: VerifyWebhookOptions;
        if (target === 'body') {
          const index = position % bodyBytes.length;
          const mutated = bodyBytes.slice();
          mutated[index] = (bodyBytes[index] ?? 0) ^ (delta & 0xff || 1);
          options = { body: mutated, headers, secret, now };
        } else if (target === 'token') {
          const index = 'Bearer '.length + (position % (authorization.length - 'Bearer '.length));
          options = {
            body,
            headers: { ...headers, authorization: mutate(authorization, index, delta) },
            secret,
            now,
          };
        } else {
          const index = position % signature.length;
          const mutated = mutate(signature, index, delta);
          options = { body, headers: { ...headers, 'x-service-signature': mutated }, secret, now };
        }
        const outcome = await reasonOf(options);
        expect(outcome).not.toBe('accepted');
      },
    ),
    { numRuns: 300 },
  );
});

test('without secret or secrets, the secret is GLM_WEBHOOK_SECRET; a given secret wins; neither is a configuration error', async () => {
  const { body, headers } = await delivery();
  vi.stubEnv('GLM_WEBHOOK_SECRET', secret);
  expect((await verifyWebhook({ body, headers, now })).id).toBe(sampleEvent().id);
  expect(await reasonOf({ body, headers, now, secret: otherSecret })).toBe('invalid_token');
  expect(await reasonOf({ body, headers, now, secrets: [otherSecret] })).toBe('invalid_token');

  vi.stubEnv('GLM_WEBHOOK_SECRET', otherSecret);
  expect(await reasonOf({ body, headers, now })).toBe('invalid_token');

  vi.stubEnv('GLM_WEBHOOK_SECRET', '');
  await expect(verifyWebhook({ body, headers, now })).rejects.toThrow(/GLM_WEBHOOK_SECRET/);
  vi.unstubAllEnvs();
});
