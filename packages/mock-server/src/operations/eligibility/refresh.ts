import { ok } from '@glm/domain';
import { EligibilityRefreshRequest, type EligibilityRefreshResult } from '@glm/domain/test-helpers';
import { type Outcome, refusal } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import { productEligibility } from '../products/product-fields.ts';

const nextMonth = (version: string): string => {
  const [year = 2025, month = 1] = version.split('-').map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
};

/**
 * The monthly refresh: installs a new database version with the given entries, re-checks
 * every product and emits `product.updated` (with `previous_attributes`) for each whose result changed.
 */
export const refreshEligibility = defineOperation({
  endpoint: {
    operationId: 'testRefreshEligibility',
    success: {
      description: 'The version and the changed products.',
    },
  },
  input: EligibilityRefreshRequest,
  rules: 'test_helpers.eligibility.refresh',
  run(context, input): Outcome<EligibilityRefreshResult> {
    const { engine, mode } = context;
    const version = input.version ?? nextMonth(engine.eligibility.version);
    const installed = engine.eligibility.refresh(version, input.entries ?? []);
    if (!installed.ok)
      return refusal('validation_error', installed.message, { param: installed.param ?? 'entries' });
    const changed: number[] = [];
    for (const product of [...engine.store.products.newestFirst()].reverse()) {
      const eligibility = productEligibility(context, product.upc_code_or_gtin, product.name);
      const before = product.eligibility;
      if (
        eligibility.hsa_fsa_eligible === before.hsa_fsa_eligible &&
        eligibility.eligibility_type === before.eligibility_type &&
        eligibility.message === before.message
      ) {
        continue;
      }
      const updated = { ...product, eligibility, updated_at: engine.nowIso() };
      engine.store.products.update(updated);
      engine.emit(mode, 'product.updated', { ...updated, previous_attributes: { eligibility: before } });
      changed.push(product.id);
    }
    return ok({ version, changed_product_ids: changed });
  },
});
