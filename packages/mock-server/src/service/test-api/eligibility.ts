import type { CallOperation } from '../../operations/call-operation.ts';
import { refreshEligibility } from '../../operations/eligibility/refresh.ts';
import type { MockService } from '../mock-service.ts';

/** The eligibility database's monthly refresh in the JavaScript test API, in test mode. */
export function eligibilityTestApi(call: CallOperation): Pick<MockService, 'refreshEligibility'> {
  return { refreshEligibility: (input = {}) => call('test', refreshEligibility, input) };
}
