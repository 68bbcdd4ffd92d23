import { CheckoutSessionEnvelope } from '@glm/domain';
import { CheckoutPayResult } from '@glm/domain/test-helpers';
import { describe, expect, test } from 'vitest';
import { checkoutRequest, eligibleProduct, regularProduct } from '../support/fixtures.ts';
import { type Harness, useHarness } from '../support/harness.ts';

// D42 (HSA/FSA declines as test cards) and D28 as amended (one card pays every part); D43 `payment.cards`.
const NOT_HSA = '4000000000004954';
const HSA_ONLY = '4000000000006975';

async function openSession(h: Harness, ids: readonly string[]): Promise<string> {
  h.service.seed({ products: [eligibleProduct(), regularProduct()] });
  const reply = await h.request('POST', '/api/v2/checkout', { body: checkoutRequest(ids) });
  return CheckoutSessionEnvelope.parse(reply.body).data.checkout_id;
}

async function pay(h: Harness, id: string, body: Record<string, string>): Promise<CheckoutPayResult> {
  const reply = await h.request('POST', `/v2/test_helpers/checkout/${id}/pay`, { body });
  expect(reply.status).toBe(200);
  return CheckoutPayResult.parse(reply.body);
}

describe('HSA/FSA declines and the one-card rule', () => {
  const harness = useHarness('msw');

  test('an eligible-only cart paid with only card_number charges that card, not the default one', async () => {
    const h = harness();
    const id = await openSession(h, ['sku-ibuprofen']);
    const paid = await pay(h, id, { card_number: '4111111111111111' });
    expect(paid.payment).toEqual({
      outcome: 'succeeded',
      cards: [{ part: 'hsa_fsa', last4: '1111', outcome: 'succeeded' }],
    });
  });

  test('a regular card on the eligible part declines not_hsa_fsa_card, retryable; the session stays open', async () => {
    const h = harness();
    const id = await openSession(h, ['sku-ibuprofen', 'sku-tissue']);
    const paid = await pay(h, id, { card_number: NOT_HSA });
    expect(paid.order).toBeNull();
    expect(paid.checkout.status).toBe('open');
    expect(paid.payment).toEqual({
      outcome: 'declined',
      decline_code: 'not_hsa_fsa_card',
      retryable: true,
      cards: [
        { part: 'hsa_fsa', last4: '4954', outcome: 'declined', decline_code: 'not_hsa_fsa_card' },
        { part: 'regular', last4: '4954', outcome: 'succeeded' },
      ],
    });
    const retried = await pay(h, id, { hsa_card_number: HSA_ONLY, card_number: NOT_HSA });
    expect(retried.payment).toEqual({
      outcome: 'succeeded',
      cards: [
        { part: 'hsa_fsa', last4: '6975', outcome: 'succeeded' },
        { part: 'regular', last4: '4954', outcome: 'succeeded' },
      ],
    });
    expect(retried.order?.status).toBe('completed');
  });

  test('an HSA/FSA card alone on a split cart declines restricted_card on the regular part', async () => {
    const h = harness();
    const id = await openSession(h, ['sku-ibuprofen', 'sku-tissue']);
    const paid = await pay(h, id, { hsa_card_number: HSA_ONLY });
    expect(paid.payment).toMatchObject({
      outcome: 'declined',
      decline_code: 'restricted_card',
      retryable: true,
    });
    expect(paid.payment.cards).toEqual([
      { part: 'hsa_fsa', last4: '6975', outcome: 'succeeded' },
      { part: 'regular', last4: '6975', outcome: 'declined', decline_code: 'restricted_card' },
    ]);
    const events = h.service.events({ type: 'payment.failed' });
    expect(events.at(-1)?.data).toMatchObject({ decline_code: 'restricted_card' });
  });

  test.each([
    ['4000000000000127', 'incorrect_cvc'],
    ['4000000000000101', 'expired_card'],
  ])('card %s declines %s (retryable) on an eligible cart', async (card, code) => {
    const h = harness();
    const id = await openSession(h, ['sku-ibuprofen']);
    const paid = await pay(h, id, { hsa_card_number: card });
    expect(paid.payment).toMatchObject({ outcome: 'declined', decline_code: code, retryable: true });
    expect(paid.checkout.status).toBe('open');
  });
});
