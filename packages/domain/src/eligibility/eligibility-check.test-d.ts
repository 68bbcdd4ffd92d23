import { expectTypeOf, test } from 'vitest';
import type { EligibilityResult } from '../schemas/eligibility-result.ts';
import type { EligibilityCheckResult } from './eligibility-check.ts';

test('a check result is a valid EligibilityResult wire body', () => {
  expectTypeOf<EligibilityCheckResult>().toExtend<EligibilityResult>();
});
