import { EligibilityCheckRequest, ok } from '@glm/domain';
import { refusal } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';

/** Checks a barcode or name against the eligibility database without creating a product. */
export const checkEligibility = defineOperation({
  endpoint: {
    operationId: 'checkEligibility',
    description:
      'At least one of `upc_code_or_gtin` and `product_name` is required (400 invalid_request otherwise). ' +
      'Limited to 100 requests a minute per merchant in test mode, 1000 in live mode.',
    success: { description: 'The eligibility result.' },
  },
  input: EligibilityCheckRequest,
  rules: 'eligibility.check',
  run({ engine }, input) {
    const { upc_code_or_gtin: upc, product_name: name } = input;
    const checked = engine.eligibility.check({ upc, name }, engine.now());
    if (!checked.ok)
      return refusal(checked.code, checked.message, { param: checked.param ?? 'upc_code_or_gtin' });
    return ok(checked.value);
  },
});
