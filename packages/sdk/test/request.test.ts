import type { PaymentLink } from '@glm/domain';
import { expect, test } from 'vitest';
import { BadRequestError } from '../src/errors/bad-request-error.ts';
import { GlmError } from '../src/errors/glm-error.ts';
import { NotFoundError } from '../src/errors/not-found-error.ts';
import type { HookContext } from '../src/hooks.ts';
import { paymentLinkRequest, rejectionOf, useMockGlm } from './support/use-mock-glm.ts';

const { glm, mock } = useMockGlm();

test('request answers what the wrapped method answers, typed by the caller', async () => {
  const link = await glm.paymentLinks.create(paymentLinkRequest());
  const raw = await glm.request<PaymentLink>({ method: 'GET', path: `/v2/payment-links/${link.id}` });
  expect(raw).toEqual(await glm.paymentLinks.get(link.id));
  expect(raw.status).toBe('active');
});

test('a route the client does not wrap is one call away: the query is encoded, the meta comes with withResponse', async () => {
  const { data, meta } = await glm
    .request<{ openapi: string; paths: Record<string, unknown> }>({ method: 'GET', path: '/openapi.json' })
    .withResponse();
  expect(data.openapi).toMatch(/^3\./);
  expect(meta).toMatchObject({ status: 200, attempts: 1 });

  const links = await glm.request<{ data: PaymentLink[] }>({
    method: 'GET',
    path: '/v2/payment-links',
    query: { status: 'active', limit: 1, starting_after: undefined },
  });
  expect(links.data).toEqual([]);
});

test('a POST through request gets an idempotency key, and the same key replays the first answer', async () => {
  const first = await glm
    .request<PaymentLink>({ method: 'POST', path: '/v2/payment-links', body: paymentLinkRequest() })
    .withResponse();
  expect(first.meta.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

  const key = 'raw-link-1';
  const once = await glm.request<PaymentLink>({
    method: 'POST',
    path: '/v2/payment-links',
    body: paymentLinkRequest(),
    idempotencyKey: key,
  });
  const again = await glm
    .request<PaymentLink>({
      method: 'POST',
      path: '/v2/payment-links',
      body: paymentLinkRequest(),
      idempotencyKey: key,
    })
    .withResponse();
  expect(again.data.id).toBe(once.id);
  expect(again.meta.replayed).toBe(true);
});

test('a failed request is the typed error of any call, with its attempts, and runs the hooks', async () => {
  const seen: string[] = [];
  const record = (context: HookContext) =>
    void seen.push(`${context.method} ${context.path} ${context.status}`);
  const missing = await rejectionOf(
    glm.request({
      method: 'GET',
      path: '/v2/orders/ord_missing',
      hooks: { afterResponse: [record], onError: [record] },
    }),
  );
  expect(missing).toBeInstanceOf(NotFoundError);
  expect(missing).toMatchObject({ code: 'not_found', attempts: 1 });
  expect(seen).toEqual(['GET /v2/orders/ord_missing 404', 'GET /v2/orders/ord_missing 404']);

  const invalid = await rejectionOf(glm.request({ method: 'POST', path: '/v2/payment-links', body: {} }));
  expect(invalid).toBeInstanceOf(BadRequestError);
  expect(invalid).toMatchObject({ idempotencyKey: expect.any(String), attempts: 1 });
});

test.each([
  ['no leading slash', 'v2/orders'],
  ['a query in the path', '/v2/orders?limit=1'],
  ['a fragment', '/v2/orders#top'],
  ['a space', '/v2/orders/ord 1'],
  ['a `..` segment', '/v2/orders/../payment-links'],
  ['an encoded `..` segment', '/v2/orders/%2E%2e/payment-links'],
])('a path with %s is refused before any request', async (_, path) => {
  const before = mock.requests().length;
  const error = await rejectionOf(glm.request({ method: 'GET', path }));
  expect(error).toBeInstanceOf(GlmError);
  expect((error as Error).message).toMatch(/^request: `path`/);
  expect(mock.requests()).toHaveLength(before);
});

test('a call may use another key: a live key for a test helper is refused before any request, a test key works', async () => {
  const live = glm.withOptions({ apiKey: mock.keys.live });
  const before = mock.requests().length;
  const refused = await rejectionOf(glm.testHelpers.clock.get({ apiKey: mock.keys.live }));
  expect((refused as Error).message).toMatch(/this call passed a live key/);
  expect(mock.requests()).toHaveLength(before);

  const clock = await live.testHelpers.clock.get({ apiKey: mock.keys.test });
  expect(clock.now).toEqual(expect.any(String));
  // The live client's own calls stay live: its test-mode data is not visible.
  const link = await glm.paymentLinks.create(paymentLinkRequest());
  expect(await rejectionOf(live.paymentLinks.get(link.id))).toBeInstanceOf(NotFoundError);
  expect((await live.paymentLinks.get(link.id, { apiKey: mock.keys.test })).id).toBe(link.id);
});
