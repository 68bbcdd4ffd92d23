import { afterEach, expect, test, vi } from 'vitest';
import { Glm } from './client.ts';
import { GlmError } from './errors/glm-error.ts';
import { ResponseValidationError } from './errors/response-validation-error.ts';
import { json, LIVE_KEY, recordingLogger, scriptedFetch, TEST_KEY } from './test-support/scripted-fetch.ts';
import { responseSchemas } from './validation/index.ts';

const BASE = 'https://api.test';

afterEach(() => {
  vi.unstubAllEnvs();
});

function constructionError(options: ConstructorParameters<typeof Glm>[0]): GlmError {
  try {
    new Glm(options);
  } catch (error) {
    if (error instanceof GlmError) return error;
    throw error;
  }
  throw new Error('expected the constructor to throw');
}

test('the key and base URL fall back to GLM_API_KEY and GLM_BASE_URL', () => {
  vi.stubEnv('GLM_API_KEY', LIVE_KEY);
  vi.stubEnv('GLM_BASE_URL', 'https://env.example/');
  const glm = new Glm();
  expect(glm.mode).toBe('live');
  expect(glm.baseUrl).toBe('https://env.example');
});

test('a missing key is a clear error at construction', () => {
  vi.stubEnv('GLM_API_KEY', '');
  expect(constructionError({ baseUrl: BASE }).message).toMatch(/No API key.*GLM_API_KEY/);
});

test.each([
  ['a trailing newline', `${TEST_KEY}\n`, /whitespace/],
  ['the Bearer scheme', `Bearer ${TEST_KEY}`, /whitespace/],
  ['an unknown prefix', TEST_KEY.replace('glm_test_', 'glm_prod_'), /glm_test_ or glm_live_/],
  ['a short secret', TEST_KEY.slice(0, -1), /secret/],
  ['no separator', TEST_KEY.replace('.', ''), /"\."/],
  ['a webhook secret', 'whsec_sEcReT0123456789abcdefghijKLMNOP', /webhook secret/],
])(
  'a key with %s is refused with a message that names the problem and never the secret',
  (_, key, problem) => {
    const error = constructionError({ apiKey: key, baseUrl: BASE });
    expect(error.message).toMatch(problem);
    expect(error.message).not.toContain('sEcReT');
    expect(error.message).not.toContain('AbCdEfGh');
  },
);

test('a missing or unusable base URL is refused at construction', () => {
  vi.stubEnv('GLM_BASE_URL', '');
  expect(constructionError({ apiKey: TEST_KEY }).message).toMatch(/GLM_BASE_URL/);
  for (const baseUrl of [
    'api.example.com',
    'ftp://api.example.com',
    'https://api.example.com/?v=2',
    'https://api.example.com/#x',
  ]) {
    expect(constructionError({ apiKey: TEST_KEY, baseUrl }).message).toBe(
      'baseUrl must be an absolute http(s) URL without a query or fragment.',
    );
  }
});

test('calls go to the base URL, including a base path, with the path the interface gives', async () => {
  const { fetch, seen } = scriptedFetch([json(200, { now: '2025-01-01T00:00:00.000Z' })]);
  const glm = new Glm({ apiKey: TEST_KEY, baseUrl: 'https://gw.example/glm/', fetch });
  await glm.testHelpers.clock.get();
  expect(seen[0]?.url.href).toBe('https://gw.example/glm/v2/test_helpers/clock');
});

test('with responseSchemas, answers are checked strictly by default: a contract break is a ResponseValidationError', async () => {
  const { fetch } = scriptedFetch([json(200, { now: 'yesterday' })]);
  const glm = new Glm({ apiKey: TEST_KEY, baseUrl: BASE, fetch, responseSchemas });
  const error = await glm.testHelpers.clock.get().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ResponseValidationError);
  // Like every error of a call, it says how many attempts the call made.
  expect(error).toMatchObject({ attempts: 1, requestId: 'req_200' });
});

test('without responseSchemas, answers are trusted as typed (no check, nothing logged)', async () => {
  const { fetch } = scriptedFetch([json(200, { now: 'yesterday' })]);
  const logger = recordingLogger();
  const glm = new Glm({ apiKey: TEST_KEY, baseUrl: BASE, fetch, logger, logLevel: 'debug' });
  expect(await glm.testHelpers.clock.get()).toEqual({ now: 'yesterday' });
  expect(logger.lines.filter((line) => line.level === 'warn')).toEqual([]);
});

test("validateResponses 'strict' or 'warn' without responseSchemas is refused at construction, naming the import", () => {
  for (const validateResponses of ['strict', 'warn'] as const) {
    expect(constructionError({ apiKey: TEST_KEY, baseUrl: BASE, validateResponses }).message).toMatch(
      /@glm\/sdk\/validation/,
    );
  }
});

test('withOptions derives a client with the same key and new settings, leaving the original alone', async () => {
  const first = scriptedFetch([json(200, { now: '2025-01-01T00:00:00.000Z' })]);
  const second = scriptedFetch([json(200, { now: '2025-01-01T00:00:00.000Z' })]);
  const glm = new Glm({ apiKey: TEST_KEY, baseUrl: BASE, fetch: first.fetch, headers: { 'x-app': 'shop' } });
  const derived = glm.withOptions({ fetch: second.fetch });
  await derived.testHelpers.clock.get();
  await glm.testHelpers.clock.get();
  expect(second.seen[0]?.headers.get('authorization')).toBe(`Bearer ${TEST_KEY}`);
  expect(second.seen[0]?.headers.get('x-app')).toBe('shop');
  expect(first.seen).toHaveLength(1);
});

test('test helpers refuse a live key before sending anything', async () => {
  const { fetch, seen } = scriptedFetch([json(200, {})]);
  const glm = new Glm({ apiKey: LIVE_KEY, baseUrl: BASE, fetch });
  await expect(glm.testHelpers.clock.advance({ seconds: 60 })).rejects.toThrow(/test key/);
  await expect(glm.testHelpers.webhookDeliveries.list().toArray({ limit: 1 })).rejects.toThrow(/test key/);
  expect(seen).toHaveLength(0);
});

test('an empty or dot path parameter rejects the call before any request', async () => {
  const { fetch, seen } = scriptedFetch([json(200, {})]);
  const glm = new Glm({ apiKey: TEST_KEY, baseUrl: BASE, fetch });
  await expect(glm.orders.get('')).rejects.toBeInstanceOf(GlmError);
  await expect(glm.paymentLinks.cancel('..')).rejects.toBeInstanceOf(GlmError);
  expect(seen).toHaveLength(0);
});

test('GLM_LOG sets the level, and log lines never carry the key', async () => {
  vi.stubEnv('GLM_LOG', 'debug');
  const logger = recordingLogger();
  const { fetch } = scriptedFetch([json(200, { now: '2025-01-01T00:00:00.000Z' })]);
  await new Glm({ apiKey: TEST_KEY, baseUrl: BASE, fetch, logger }).testHelpers.clock.get();
  expect(logger.lines.some((line) => line.level === 'debug')).toBe(true);
  expect(JSON.stringify(logger.lines)).not.toContain('sEcReT');
});

test('at debug level no line carries the key, a card number or a webhook secret, from the request or the answer', async () => {
  const logger = recordingLogger();
  const secret = 'whsec_0123456789abcdefghijKLMNOPQRSTUV';
  const { fetch } = scriptedFetch([
    json(409, { error: { code: 'conflict', message: `card 4000 0000 0000 0002 refused for ${secret}` } }),
  ]);
  const glm = new Glm({ apiKey: TEST_KEY, baseUrl: BASE, fetch, logger, logLevel: 'debug', maxRetries: 0 });
  await expect(
    glm.testHelpers.checkout.pay('cs_1', {
      card_number: '4000000000000002',
      hsa_card_number: '4242424242424242',
    }),
  ).rejects.toMatchObject({ status: 409 });
  const logged = JSON.stringify(logger.lines);
  expect(logger.lines.length).toBeGreaterThanOrEqual(2);
  for (const leak of ['sEcReT', '4000000000000002', '4000 0000 0000 0002', '4242424242424242', secret]) {
    expect(logged).not.toContain(leak);
  }
  expect(logged).toContain('************0002');
});

test('a client header no request can carry is refused when the client is built', () => {
  expect(() => new Glm({ apiKey: TEST_KEY, baseUrl: BASE, headers: { 'x-team': 'a\nb' } })).toThrow(
    TypeError,
  );
});
