import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Fault } from './fault.ts';
import { FAULT_HEADER, formatFaultHeader, parseFaultHeader } from './fault-header.ts';
import { validFault } from './test-support/fault-arbitraries.ts';

test('the header reads key=value pairs separated by semicolons, spaces and key case aside', () => {
  expect(parseFaultHeader('status=503')).toEqual({ ok: true, value: { status: 503 } });
  expect(parseFaultHeader(' network = reset ; WHEN=after ')).toEqual({
    ok: true,
    value: { network: 'reset', when: 'after' },
  });
  expect(parseFaultHeader('status=429;code=rate_limit_exceeded;delay=1500')).toEqual({
    ok: true,
    value: { status: 429, code: 'rate_limit_exceeded', delay_ms: 1500 },
  });
});

test.each([
  ['', 'it is empty'],
  ['status', '"status" is not key=value'],
  ['stauts=503', 'unknown key "stauts"'],
  ['status=503;status=500', '"status" is given twice'],
  ['status=five', 'status must be a whole number'],
  ['delay=-1', 'delay must be a whole number'],
  ['status=418', 'status must be a status of the error table'],
  ['network=unplug', 'network'],
  ['network=truncated;when=before', 'when a truncated answer'],
  ['when=after', 'needs at least one of'],
])('"%s" is refused with a message naming what is wrong (%s)', (header, words) => {
  const parsed = parseFaultHeader(header);
  expect(parsed.ok).toBe(false);
  if (parsed.ok) return;
  expect(parsed.code).toBe('invalid_request');
  expect(parsed.param).toBe(FAULT_HEADER);
  expect(parsed.message).toContain(`Invalid ${FAULT_HEADER} header`);
  expect(parsed.message).toContain(words);
});

test('every fault written as a header reads back as the same fault', () => {
  fc.assert(
    fc.property(validFault, (fault) => {
      const parsed = parseFaultHeader(formatFaultHeader(Fault.parse(fault)));
      expect(parsed).toEqual({ ok: true, value: Fault.parse(fault) });
    }),
  );
});

test('any header text is either a valid fault or a refusal naming the header, never a throw', () => {
  const pieces = fc.constantFrom(
    'status',
    'code',
    'network',
    'delay',
    'when',
    '=',
    ';',
    '503',
    'reset',
    'after',
    ' ',
  );
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string(),
        fc.array(pieces).map((parts) => parts.join('')),
      ),
      (text) => {
        const parsed = parseFaultHeader(text);
        if (parsed.ok) expect(Fault.safeParse(parsed.value).success).toBe(true);
        else expect(parsed.param).toBe(FAULT_HEADER);
      },
    ),
  );
});
