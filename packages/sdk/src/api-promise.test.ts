import { Order } from '@glm/domain';
import { expect, test } from 'vitest';
import { z } from 'zod';
import type { ValidationMode } from './client-options.ts';
import { NotFoundError } from './errors/not-found-error.ts';
import { ResponseValidationError } from './errors/response-validation-error.ts';
import { createRequester } from './internal/requester.ts';
import {
  errorAnswer,
  json,
  recordingLogger,
  scriptedFetch,
  testConfig,
} from './test-support/scripted-fetch.ts';
import { seededRandomBytes } from './testing/seeded-random.ts';
import { testOrder } from './testing/test-resources.ts';

const Thing = z.object({ id: z.string(), count: z.int() });

function call(body: unknown, validation: ValidationMode = 'strict', logger = recordingLogger()) {
  const { fetch } = scriptedFetch([json(200, body, { 'x-ratelimit-remaining': '9' })]);
  const requester = createRequester(testConfig(fetch, { logger, logDebug: false }), 'test', validation, {
    Thing,
  });
  return requester.call(() => ({ method: 'GET', path: '/things/1' }), 'Thing', undefined);
}

test('awaiting gives the parsed result as a plain object, nothing hidden on it', async () => {
  const thing = await call({ id: 't', count: 1, extra: true });
  expect(thing).toEqual({ id: 't', count: 1 });
  expect(JSON.stringify(thing)).toBe('{"id":"t","count":1}');
  expect(Object.getOwnPropertyNames(thing)).toEqual(['id', 'count']);
});

test('withResponse gives the data, the raw response and the meta together', async () => {
  const { data, response, meta } = await call({ id: 't', count: 1 }).withResponse();
  expect(data).toEqual({ id: 't', count: 1 });
  expect(response.status).toBe(200);
  expect(meta).toMatchObject({ requestId: 'req_200', attempts: 1, rateLimit: { remaining: 9 } });
});

test('awaiting and withResponse of one call share one parse: the same data object', async () => {
  const promise = call({ id: 't', count: 1 });
  const [awaited, { data }] = await Promise.all([promise, promise.withResponse()]);
  expect(data).toBe(awaited);
});

test('a failed call can be caught as an Error, as on a native Promise', async () => {
  const { fetch } = scriptedFetch([errorAnswer(404, 'not_found', { param: 'id' })]);
  const requester = createRequester(testConfig(fetch), 'test', 'strict', { Thing });
  const caught = await requester
    .call(() => ({ method: 'GET', path: '/things/x' }), 'Thing', undefined)
    .catch((error: Error) => error.name);
  expect(caught).toBe('NotFoundError');
});

test('asResponse gives the raw response, unread and unparsed', async () => {
  const response = await call({ not: 'a thing' }).asResponse();
  expect(await response.json()).toEqual({ not: 'a thing' });
});

test('asResponse of a failed call rejects with the typed error, not with the raw answer', async () => {
  const { fetch } = scriptedFetch([errorAnswer(404, 'not_found', { param: 'id' })]);
  const requester = createRequester(testConfig(fetch), 'test', 'strict', { Thing });
  const promise = requester.call(() => ({ method: 'GET', path: '/things/x' }), 'Thing', undefined);
  await expect(promise.asResponse()).rejects.toBeInstanceOf(NotFoundError);
  await expect(promise).rejects.toMatchObject({ status: 404, code: 'not_found', param: 'id' });
});

test('a spread or a structured clone of a result is equal to it: the type promises nothing the copy lacks', async () => {
  const thing = await call({ id: 't', count: 1 });
  expect({ ...thing }).toEqual(thing);
  expect(structuredClone(thing)).toEqual(thing);
});

test('strict validation turns a contract break into a ResponseValidationError with zod issues', async () => {
  const error = await call({ id: 't', count: 'many' }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ResponseValidationError);
  expect((error as ResponseValidationError).issues[0]?.path).toEqual(['count']);
  expect((error as ResponseValidationError).requestId).toBe('req_200');
});

test('warn validation logs the break and returns the body as received', async () => {
  const logger = recordingLogger();
  const thing = await call({ id: 't', count: 'many' }, 'warn', logger);
  expect(thing).toEqual({ id: 't', count: 'many' });
  expect(logger.lines.map((line) => line.level)).toEqual(['warn']);
});

test('off skips validation entirely', async () => {
  const logger = recordingLogger();
  const thing = await call({ anything: 1 }, 'off', logger);
  expect(thing).toEqual({ anything: 1 });
  expect(logger.lines).toEqual([]);
});

test('it is a real Promise: then, catch, finally and Promise.all work', async () => {
  const promise = call({ id: 't', count: 2 });
  expect(promise).toBeInstanceOf(Promise);
  const [count] = await Promise.all([promise.then((thing) => thing.count)]);
  expect(count).toBe(2);
  let finished = false;
  await call({ id: 't', count: 'x' })
    .catch(() => undefined)
    .finally(() => {
      finished = true;
    });
  expect(finished).toBe(true);
  // The native `catch` and `finally` go through the parsing `then`: the parsed value, and the typed error.
  expect(await call({ id: 't', count: 3 }).finally(() => undefined)).toEqual({ id: 't', count: 3 });
  expect(await call({ id: 't', count: 'x' }).catch((error: Error) => error.name)).toBe(
    'ResponseValidationError',
  );
});

test('a status this SDK does not know: strict refuses it, warn logs it and returns the order as sent', async () => {
  const order = {
    ...testOrder({ random: seededRandomBytes(3), now: new Date('2026-01-15T12:00:00Z') }),
    status: 'on_hold',
  };
  const get = (validation: ValidationMode, logger = recordingLogger()) => {
    const { fetch } = scriptedFetch([json(200, order)]);
    const requester = createRequester(testConfig(fetch, { logger, logDebug: false }), 'test', validation, {
      Order,
    });
    return requester.call(() => ({ method: 'GET', path: '/v2/orders/ord_1' }), 'Order', undefined);
  };

  const error = await get('strict').catch((caught: Error) => caught);
  expect(error).toBeInstanceOf(ResponseValidationError);
  expect((error as ResponseValidationError).issues.map((issue) => issue.path)).toEqual([['status']]);

  const logger = recordingLogger();
  const received = await get('warn', logger);
  expect(received.status).toBe('on_hold');
  expect(logger.lines.map((line) => line.level)).toEqual(['warn']);
});
