import { expect, test } from 'vitest';
import { parseFaultFlag } from './fault-flag.ts';

test('the short form names method, path, effect and optionally after and a count', () => {
  expect(parseFaultFlag('POST /v2/checkout 503')).toEqual({
    ok: true,
    value: {
      match: { method: 'POST', path: '/v2/checkout' },
      fault: { status: 503 },
      times: 1,
      probability: 1,
    },
  });
  expect(parseFaultFlag('get /api/v2/orders/:id timeout x3')).toMatchObject({
    ok: true,
    value: { match: { method: 'GET', path: '/api/v2/orders/:id' }, fault: { network: 'timeout' }, times: 3 },
  });
  expect(parseFaultFlag('  POST  /v2/checkout   reset after x*  ')).toMatchObject({
    ok: true,
    value: { fault: { network: 'reset', when: 'after' }, times: null },
  });
});

test.each([
  ['POST /v2/checkout', 'needs a method, a path and what happens'],
  ['POST /v2/checkout 418', 'status must be a status of the error table'],
  ['POST /v2/checkout unplug', '"unplug" is neither a status nor reset'],
  ['POST /v2/checkout 503 twice', '"twice" is neither "after" nor a count'],
  ['POST /v2/checkout 503 x0', '"x0"'],
  ['POST /checkout 503', 'path must be an API path'],
  ['POST /v2/test_helpers/reset 503', 'test-helper routes are never faulted'],
  ['PATCH /v2/checkout 503', 'method must be GET, POST, PUT or DELETE'],
])('"%s" is refused quoting the flag (%s)', (flag, words) => {
  const parsed = parseFaultFlag(flag);
  expect(parsed.ok).toBe(false);
  if (parsed.ok) return;
  expect(parsed.message).toContain(`--fault "${flag}"`);
  expect(parsed.message).toContain(words);
});

test.each([
  [
    'WEBHOOK order.completed stale',
    { webhook: { event_type: 'order.completed' } },
    { signature: 'stale' },
    1,
  ],
  ['WEBHOOK * drop x3', { webhook: {} }, { drop: true }, 3],
  [
    'WEBHOOK payment.failed delay=2000 x*',
    { webhook: { event_type: 'payment.failed' } },
    { delay_ms: 2000 },
    null,
  ],
  ['WEBHOOK * wrong_secret', { webhook: {} }, { signature: 'wrong_secret' }, 1],
])('the webhook form "%s" is a rule matching deliveries', (flag, match, fault, times) => {
  expect(parseFaultFlag(flag)).toMatchObject({ ok: true, value: { match, fault, times } });
});

test.each([
  ['WEBHOOK', 'needs an event type'],
  ['WEBHOOK * forged', '"forged" is none of invalid, stale'],
  ['WEBHOOK order.done stale', 'event_type'],
  ['WEBHOOK * stale twice', '"twice" is not a count'],
  ['WEBHOOK * delay=40000', 'delay_ms'],
  ['WEBHOOK * stale x2 after', '"after" is more than the flag takes'],
])('the webhook form "%s" is refused quoting the flag (%s)', (flag, words) => {
  const parsed = parseFaultFlag(flag);
  expect(parsed.ok).toBe(false);
  if (parsed.ok) return;
  expect(parsed.message).toContain(`--fault "${flag}"`);
  expect(parsed.message).toContain(words);
});
