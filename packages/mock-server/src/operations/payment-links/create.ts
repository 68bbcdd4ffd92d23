import { EligibilityType, ok, type PaymentLink, PaymentLinkCreate } from '@glm/domain';
import { isPaymentLinkExpiryAllowed, paymentLinkDefaultExpiresAt } from '@glm/domain/machines';
import { refusal } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import { expirePaymentLink } from './expiry.ts';

const knownType = (value: string | null | undefined): EligibilityType | null => {
  const parsed = EligibilityType.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/**
 * Creates an active payment link: `expires_at` defaults to 15 days and must lie in the
 * future and at most 90 days away (`422`); products are matched to the catalog for their eligibility;
 * `url` is `<base>/pay/<plink_id>`. Schedules the expiry and emits `payment_link.created`.
 */
export const createPaymentLink = defineOperation({
  endpoint: {
    operationId: 'createPaymentLink',
    description:
      '`subscription` is required when `payment_type` is `subscription`; products may not sum above ' +
      '`amount_cents`; `expires_at` is in the future and at most 90 days away. Emits `payment_link.created`.',
    success: { description: 'The link, status active.' },
  },
  input: PaymentLinkCreate,
  rules: 'payment_link.create',
  creates: true,
  run(context, input) {
    const { engine, mode } = context;
    const now = engine.nowIso();
    const expiresAt =
      input.expires_at === undefined
        ? paymentLinkDefaultExpiresAt(now)
        : new Date(Date.parse(input.expires_at)).toISOString();
    if (expiresAt === undefined || !isPaymentLinkExpiryAllowed(expiresAt, now)) {
      return refusal('validation_error', 'expires_at must be in the future and at most 90 days away.', {
        param: 'expires_at',
      });
    }
    const id = engine.newId('plink_');
    const { subscription } = input;
    const link: PaymentLink = {
      id,
      url: `${engine.baseUrl}/pay/${id}`,
      amount_cents: input.amount_cents,
      currency: input.currency,
      description: input.description,
      payment_type: input.payment_type,
      subscription:
        input.payment_type !== 'subscription' || subscription?.interval === undefined
          ? null
          : {
              interval: subscription.interval,
              interval_count: subscription.interval_count ?? 1,
              trial_period_days: subscription.trial_period_days ?? null,
            },
      status: 'active',
      customer: {
        email: input.customer?.email ?? null,
        first_name: input.customer?.first_name ?? null,
        last_name: input.customer?.last_name ?? null,
      },
      products: (input.products ?? []).map((product) => {
        const productId = engine.store.productIdByMerchantId.get(product.merchant_product_id);
        const found = productId === undefined ? undefined : engine.store.products.get(productId);
        const matched = found !== undefined && found.status !== 'archived' ? found : undefined;
        return {
          ...product,
          is_hsa_fsa_eligible: matched?.eligibility.hsa_fsa_eligible ?? false,
          eligibility_type: matched === undefined ? null : knownType(matched.eligibility.eligibility_type),
        };
      }),
      success_url: input.success_url,
      cancel_url: input.cancel_url ?? null,
      metadata: { ...input.metadata },
      expires_at: expiresAt,
      created_at: now,
      cancelled_at: null,
      cancellation_reason: null,
    };
    engine.store.modes[mode].paymentLinks.insert({ link, checkoutId: null });
    engine.schedule(Date.parse(expiresAt), () => expirePaymentLink(context, id));
    engine.emit(mode, 'payment_link.created', link);
    return ok(link);
  },
});
