import type { Order, PaymentLink } from '@glm/domain';
import { expect, test } from 'vitest';
import { api, formAction, getPage, pageAmount, pagesService, postForm } from '../support/page-kit.ts';

async function createLink(
  service: ReturnType<typeof pagesService>,
  overrides: Record<string, unknown> = {},
): Promise<PaymentLink> {
  const created = await api(service, 'POST', '/v2/payment-links', {
    amount_cents: 2500,
    currency: 'USD',
    description: 'Vision exam deposit',
    products: [{ merchant_product_id: 'sku-ibuprofen', name: 'Ibuprofen', quantity: 1, price_cents: 1299 }],
    success_url: 'https://clinic.example/paid?order={ORDER_ID}',
    cancel_url: 'https://clinic.example/cancelled',
    ...overrides,
  });
  if (created.status !== 201) throw new Error(`link creation answered ${created.status}`);
  return created.body as PaymentLink;
}

test('the link page shows the link session with its split and pays the link', async () => {
  const service = pagesService();
  const link = await createLink(service);
  const page = await (await getPage(service, link.url)).text();
  expect(page).toContain('Vision exam deposit');
  expect(pageAmount(page, 'total')).toBe(2500);
  expect(pageAmount(page, 'hsa_amount')).toBe(1299);
  const response = await postForm(service, formAction(page, 'pay'), {
    email: 'grace@example.com',
    first_name: 'Grace',
    last_name: 'Hopper',
    hsa_card_number: '4242424242424242',
    card_number: '4242424242424242',
  });
  expect(response.status).toBe(303);
  const orderId = new URL(response.headers.get('location') ?? '').searchParams.get('order') ?? '';
  const order = (await api(service, 'GET', `/v2/orders/${orderId}`)).body as Order & {
    payment_link_id?: string;
  };
  expect(order.payment_link_id).toBe(link.id);
  expect(order.customer).toMatchObject({
    email: 'grace@example.com',
    first_name: 'Grace',
    last_name: 'Hopper',
  });
  expect(((await api(service, 'GET', `/v2/payment-links/${link.id}`)).body as PaymentLink).status).toBe(
    'paid',
  );
});

test('a link without a customer asks who pays and refuses a payment without a valid e-mail and name', async () => {
  const service = pagesService();
  const link = await createLink(service);
  const page = await (await getPage(service, link.url)).text();
  expect(page).toContain('<label for="email">E-mail</label>');
  expect(page).not.toContain('shopper@example.com');
  const response = await postForm(service, formAction(page, 'pay'), {
    email: 'grace@',
    first_name: '<b>Grace</b>',
    last_name: ' ',
    hsa_card_number: '4242424242424242',
    card_number: '4242424242424242',
  });
  const refused = await response.text();
  expect(response.status).toBe(200);
  expect(refused).toContain('data-error-code="invalid_payer"');
  expect(refused).toContain('id="email-error"');
  expect(refused).toContain('id="last_name-error"');
  expect(refused).not.toContain('id="first_name-error"');
  expect(refused).toContain('value="&lt;b&gt;Grace&lt;/b&gt;"');
  expect(((await api(service, 'GET', `/v2/payment-links/${link.id}`)).body as PaymentLink).status).toBe(
    'active',
  );
});

test('visiting the link twice reuses its open session', async () => {
  const service = pagesService();
  const link = await createLink(service);
  const first = await (await getPage(service, link.url)).text();
  const second = await (await getPage(service, link.url)).text();
  const idOf = (page: string): string | undefined => /data-checkout-id="([^"]+)"/.exec(page)?.[1];
  expect(idOf(first)).toBeDefined();
  expect(idOf(second)).toBe(idOf(first));
});

test('paid, cancelled and expired links are refused with a page saying so; an unknown link is 404', async () => {
  const service = pagesService();
  const paid = await createLink(service);
  await service.payPaymentLink(paid.id);
  const cancelled = await createLink(service);
  await api(service, 'POST', `/v2/payment-links/${cancelled.id}/cancel`, {});
  const expiring = await createLink(service, { expires_at: '2025-03-02T12:00:00.000Z' });
  service.clock.advance('2d');
  // Every one answers 200, its state in the page: Chrome logs a 4xx document as a console error.
  const expectations: [string, number, string][] = [
    [paid.url, 200, 'Already paid'],
    [cancelled.url, 200, 'Link cancelled'],
    [expiring.url, 200, 'Link expired'],
  ];
  for (const [url, status, text] of expectations) {
    const response = await getPage(service, url);
    expect(response.status, text).toBe(status);
    expect(await response.text()).toContain(text);
  }
  expect((await getPage(service, '/pay/plink_000000000000000000000000')).status).toBe(404);
});

test('cancel on a link page goes to its cancel URL', async () => {
  const service = pagesService();
  const link = await createLink(service);
  const page = await (await getPage(service, link.url)).text();
  const response = await postForm(service, formAction(page, 'cancel'), {});
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('https://clinic.example/cancelled');
});
