import fc from 'fast-check';
import { ErrorCode } from '../../errors/error-code.ts';
import { FAULT_STATUSES, Fault, MAX_FAULT_DELAY_MS } from '../fault.ts';

/** Any fault the schema accepts. */
export const validFault = fc
  .record(
    {
      status: fc.constantFrom(...FAULT_STATUSES),
      code: fc.constantFrom(...ErrorCode.options),
      network: fc.constantFrom('reset', 'timeout', 'truncated'),
      delay_ms: fc.integer({ min: 0, max: MAX_FAULT_DELAY_MS }),
      when: fc.constantFrom('before', 'after'),
    },
    { requiredKeys: [] },
  )
  .filter((candidate) => Fault.safeParse(candidate).success);
