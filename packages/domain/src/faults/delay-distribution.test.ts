import fc from 'fast-check';
import { expect, test } from 'vitest';
import { drawDelay, MAX_FAULT_DELAY_MS, planFault } from './fault.ts';
import { formatFaultHeader, parseFaultHeader } from './fault-header.ts';
import { FaultRuleCreate } from './fault-rule.ts';

const draws = (values: readonly number[]) => {
  let index = 0;
  return () => values[index++ % values.length] ?? 0;
};

test('the header reads uniform and lognormal delays, and writes them back', () => {
  const uniform = parseFaultHeader('delay=uniform(100,500)');
  expect(uniform).toEqual({
    ok: true,
    value: { delay: { distribution: 'uniform', min_ms: 100, max_ms: 500 } },
  });
  const lognormal = parseFaultHeader('status=503; delay=lognormal(200,0.5)');
  expect(lognormal).toMatchObject({
    ok: true,
    value: { status: 503, delay: { median_ms: 200, sigma: 0.5 } },
  });
  if (lognormal.ok) expect(parseFaultHeader(formatFaultHeader(lognormal.value))).toEqual(lognormal);
});

test.each([
  ['delay=uniform(500,100)', 'delay max_ms must not be less than min_ms'],
  ['delay=uniform(0,40000)', 'delay max_ms must be a whole number of milliseconds from 0 to 30000'],
  ['delay=lognormal(40000,1)', 'delay median_ms'],
  ['delay=lognormal(200,0)', 'delay sigma'],
  [
    'delay=gaussian(1,2)',
    'delay must be a whole number, uniform(<min>,<max>) or lognormal(<median>,<sigma>)',
  ],
  ['delay=100;delay=uniform(1,2)', '"delay" is given twice'],
])('"%s" is refused naming the field (%s)', (header, words) => {
  const parsed = parseFaultHeader(header);
  expect(parsed.ok).toBe(false);
  if (!parsed.ok) expect(parsed.message).toContain(words);
});

test('a rule takes a drawn delay, refuses one over 30 s with a 400 naming the field, and never both delays', () => {
  expect(
    FaultRuleCreate.safeParse({ fault: { delay: { distribution: 'uniform', min_ms: 1, max_ms: 2 } } })
      .success,
  ).toBe(true);
  const tooLong = FaultRuleCreate.safeParse({
    fault: { delay: { distribution: 'lognormal', median_ms: 30_001, sigma: 1 } },
  });
  expect(tooLong.error?.issues[0]?.path).toEqual(['fault', 'delay', 'median_ms']);
  const both = FaultRuleCreate.safeParse({
    fault: { delay_ms: 5, delay: { distribution: 'uniform', min_ms: 1, max_ms: 2 } },
  });
  expect(both.error?.issues[0]?.path).toEqual(['fault', 'delay']);
});

test('property: every draw lies in its distribution’s range and under the 30 s cap; the same draws give the same delay', () => {
  const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: MAX_FAULT_DELAY_MS }),
      fc.integer({ min: 0, max: MAX_FAULT_DELAY_MS }),
      fc.array(unit, { minLength: 2, maxLength: 2 }),
      (a, b, values) => {
        const [min_ms, max_ms] = a <= b ? [a, b] : [b, a];
        const plan = planFault({ delay: { distribution: 'uniform', min_ms, max_ms } });
        const drawn = drawDelay(plan, draws(values)).delayMs;
        expect(drawn).toBeGreaterThanOrEqual(min_ms);
        expect(drawn).toBeLessThanOrEqual(max_ms);
        expect(drawDelay(plan, draws(values)).delayMs).toBe(drawn);
      },
    ),
  );
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: MAX_FAULT_DELAY_MS }),
      fc.array(unit, { minLength: 2, maxLength: 2 }),
      (median, values) => {
        const plan = planFault({ delay: { distribution: 'lognormal', median_ms: median, sigma: 3 } });
        const drawn = drawDelay(plan, draws(values)).delayMs;
        expect(drawn).toBeGreaterThanOrEqual(0);
        expect(drawn).toBeLessThanOrEqual(MAX_FAULT_DELAY_MS);
      },
    ),
  );
});

test('a fixed delay is drawn as itself', () => {
  expect(drawDelay(planFault({ delay_ms: 250 }), () => 0.5).delayMs).toBe(250);
});

test('a slow body takes its rate in the header and strikes after the operation by default', () => {
  const parsed = parseFaultHeader('network=slow_body;rate=500');
  expect(parsed).toEqual({ ok: true, value: { network: 'slow_body', rate_bytes_per_second: 500 } });
  if (!parsed.ok) return;
  expect(parseFaultHeader(formatFaultHeader(parsed.value))).toEqual(parsed);
  expect(planFault(parsed.value)).toMatchObject({
    when: 'after',
    effect: { kind: 'network', network: 'slow_body', rateBytesPerSecond: 500 },
  });
  for (const [header, words] of [
    ['network=slow_body', 'rate network slow_body needs rate_bytes_per_second'],
    ['network=slow_body;rate=0', 'rate must be a whole number of bytes a second'],
    ['network=slow_body;rate=100;when=before', 'when a slow answer'],
    ['network=reset;rate=100', 'rate only network slow_body takes a rate'],
  ] as const) {
    const refused = parseFaultHeader(header);
    expect(refused.ok, header).toBe(false);
    if (!refused.ok) expect(refused.message, header).toContain(words);
  }
});
