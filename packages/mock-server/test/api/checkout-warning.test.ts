import { CheckoutSessionEnvelope } from '@glm/domain';
import { RequestList } from '@glm/domain/test-helpers';
import { describe, expect, test } from 'vitest';
import { checkoutLine, checkoutRequest, eligibleProduct, regularProduct } from '../support/fixtures.ts';
import { TRANSPORTS, useHarness } from '../support/harness.ts';

describe.each(TRANSPORTS)('the catalog warning of a checkout creation over %s', (transport) => {
  const harness = useHarness(transport);

  test('line items that match no catalog product are named in Glm-Mock-Warning, the body unchanged', async () => {
    const { request, service } = harness();
    service.seed({ products: [eligibleProduct(), regularProduct()] });
    const body = checkoutRequest(['sku-ibuprofen', 'thermometer', 'sku-tissue', 'thermometer', 'bandages']);
    const warned = await request('POST', '/api/v2/checkout', { body });
    expect(warned.status).toBe(201);
    const warning = warned.headers.get('glm-mock-warning') ?? '';
    expect(warning).toContain('"thermometer", "bandages"');
    expect(warning).not.toContain('sku-');
    expect(warning).toContain('merchant_product_id');
    const session = CheckoutSessionEnvelope.parse(warned.body).data;
    expect(session.line_items.map((line) => line.is_hsa_fsa_eligible)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);

    const matched = await request('POST', '/api/v2/checkout', { body: checkoutRequest(['sku-ibuprofen']) });
    expect(matched.headers.get('glm-mock-warning')).toBeNull();

    const journal = RequestList.parse(
      (await request('GET', '/v2/test_helpers/requests?operation=createCheckoutSession')).body,
    );
    expect(journal.data.map((entry) => entry.warning)).toEqual([null, warning]);
  });

  test('a product id no header can carry is escaped, and many items are counted past the first five', async () => {
    const { request } = harness();
    const lines = ['café', 'a"b', 'c', 'd', 'e', 'f', 'g'].map((id) => checkoutLine(id));
    const reply = await request('POST', '/api/v2/checkout', { body: checkoutRequest(lines) });
    expect(reply.status).toBe(201);
    const warning = reply.headers.get('glm-mock-warning') ?? '';
    expect(warning).toContain('"caf\\u00e9", "a\\"b", "c", "d", "e" and 2 more');
  });

  test('live mode answers no warning', async () => {
    const { request } = harness();
    const reply = await request('POST', '/api/v2/checkout', {
      body: checkoutRequest(['thermometer']),
      key: 'live',
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('glm-mock-warning')).toBeNull();
  });
});
