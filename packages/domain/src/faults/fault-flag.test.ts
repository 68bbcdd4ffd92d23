import { expect, test } from 'vitest';
import { parseFaultFlag } from './fault-flag.ts';
import { parseFaultHeader } from './fault-header.ts';

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
  ['POST /v2/checkout unplug', '"unplug" is not a status, reset, timeout, truncated, slow_body'],
  ['POST /v2/checkout 503 twice', '"twice" is not a status'],
  ['POST /v2/checkout x3', 'needs a method, a path and what happens'],
  ['POST /v2/checkout 503 after when=after', '"when" is given twice'],
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
  ['GET /v2/orders slow_body rate=512 x*', { network: 'slow_body', rate_bytes_per_second: 512 }, null],
  [
    'GET /v2/orders/:id delay=lognormal(200, 0.5) x3',
    { delay: { distribution: 'lognormal', median_ms: 200, sigma: 0.5 } },
    3,
  ],
  [
    'POST /v2/checkout 503 delay=uniform(100,400)',
    { status: 503, delay: { distribution: 'uniform', min_ms: 100, max_ms: 400 } },
    1,
  ],
  ['GET /v2/orders delay=2000', { delay_ms: 2000 }, 1],
  ['POST /v2/checkout code=rate_limit_exceeded after', { code: 'rate_limit_exceeded', when: 'after' }, 1],
])('the request form "%s" takes the Glm-Mock-Fault header\'s pairs', (flag, fault, times) => {
  const parsed = parseFaultFlag(flag);
  expect(parsed).toMatchObject({ ok: true, value: { fault, times } });
  expect(parsed.ok && parsed.value.fault).toEqual(fault);
});

test.each([
  ['GET /v2/orders slow_body rate=0', 'rate must be a whole number of bytes a second from 1 to 10000000'],
  ['GET /v2/orders slow_body', 'rate network slow_body needs rate_bytes_per_second'],
  ['GET /v2/orders 503 rate=512', 'rate only network slow_body takes a rate'],
  [
    'GET /v2/orders delay=uniform(0,40000)',
    'delay max_ms must be a whole number of milliseconds from 0 to 30000',
  ],
  [
    'GET /v2/orders delay=lognormal(40000,1)',
    'delay median_ms must be a whole number of milliseconds from 1 to 30000',
  ],
  ['GET /v2/orders delay=lognormal(200,0)', 'delay sigma must be more than 0 and at most 5'],
  ['GET /v2/orders delay=40000', 'delay Too big: expected number to be <=30000'],
  ['GET /v2/orders delay=normal(200,1)', 'delay must be a whole number, uniform(<min>,<max>) or lognormal'],
  ['GET /v2/orders speed=3', 'unknown key "speed"'],
])('the request form "%s" is refused quoting the flag and naming the field (%s)', (flag, words) => {
  const parsed = parseFaultFlag(flag);
  expect(parsed.ok).toBe(false);
  if (parsed.ok) return;
  expect(parsed.message).toContain(`--fault "${flag}": ${words}`);
});

test('the request form and the header read a fault the same way', () => {
  const header = parseFaultHeader('network=slow_body;rate=64;delay=uniform(5,50)');
  const flag = parseFaultFlag('GET /v2/orders slow_body rate=64 delay=uniform(5,50)');
  expect(header.ok && flag.ok && flag.value.fault).toEqual(header.ok && header.value);
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
