import type { CheckoutSession, Order } from '@glm/domain';
import { expect, test } from 'vitest';
import {
  api,
  createSession,
  formAction,
  getPage,
  pageAmount,
  pagesService,
  postForm,
} from '../support/page-kit.ts';

test('a missing or wrong token gets a plain 403 page that shows nothing of the session', async () => {
  const service = pagesService();
  const session = await createSession(service, ['sku-ibuprofen']);
  for (const path of [`/checkout/${session.checkout_id}`, `/checkout/${session.checkout_id}?token=wrong`]) {
    const response = await getPage(service, path);
    const page = await response.text();
    expect(response.status).toBe(403);
    expect(page).toContain('Access denied');
    expect(page).not.toContain(session.customer.email);
    expect(page).not.toContain('Item sku-ibuprofen');
  }
});

test('an unknown session id is a 404 page', async () => {
  const service = pagesService();
  const response = await getPage(service, '/checkout/cs_000000000000000000000000?token=x');
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
});

test('the page shows each item with its eligibility and the amounts the API answers', async () => {
  const service = pagesService();
  const session = await createSession(service, ['sku-ibuprofen', 'sku-tissue'], {
    shipping: 333,
    tax: 101,
    discount: 17,
  });
  const page = await (await getPage(service, session.checkout_url)).text();
  expect(page).toMatch(/data-product-id="sku-ibuprofen" data-eligible="true"/);
  expect(page).toMatch(/data-product-id="sku-tissue" data-eligible="false"/);
  for (const [name, cents] of Object.entries(session.amounts)) {
    if (cents > 0) expect(pageAmount(page, name), name).toBe(cents);
  }
  const hsa = pageAmount(page, 'hsa_charge') ?? Number.NaN;
  const regular = pageAmount(page, 'regular_charge') ?? Number.NaN;
  expect(hsa + regular).toBe(session.amounts.total);
});

test('the card form asks for the HSA/FSA card, the regular card, or both, by cart type', async () => {
  const service = pagesService();
  const carts = [
    { ids: ['sku-ibuprofen'], hsa: true, regular: false },
    { ids: ['sku-tissue'], hsa: false, regular: true },
    { ids: ['sku-ibuprofen', 'sku-tissue'], hsa: true, regular: true },
  ];
  for (const cart of carts) {
    const page = await (await getPage(service, (await createSession(service, cart.ids)).checkout_url)).text();
    expect(page.includes('<label for="hsa_card_number">'), cart.ids.join()).toBe(cart.hsa);
    expect(page.includes('<label for="card_number">'), cart.ids.join()).toBe(cart.regular);
  }
});

test('the page loads nothing from another origin and runs no inline script', async () => {
  const service = pagesService();
  const session = await createSession(service, ['sku-ibuprofen'], {
    line_items: [
      {
        product_id: 'x',
        name: '<img src=https://evil.test/x>',
        image_url: 'https://cdn.example/x.png',
        price: 100,
        quantity: 1,
        currency: 'USD',
      },
    ],
  });
  const page = await (await getPage(service, session.checkout_url)).text();
  const sources = [...page.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((match) => match[1] ?? '');
  expect(sources.length).toBeGreaterThan(0);
  for (const source of sources) expect(source.startsWith('/')).toBe(true);
  expect(page).not.toMatch(/<script(?![^>]*\ssrc=)/);
  expect(page).toContain('&lt;img src=https://evil.test/x&gt;');
});

test('test-mode pages may be framed by local origins, the success origin and the allowed origins only', async () => {
  const service = pagesService({ allowedOrigins: ['https://shop.partner.example'] });
  const session = await createSession(service, ['sku-ibuprofen']);
  const response = await getPage(service, session.checkout_url);
  const csp = response.headers.get('content-security-policy') ?? '';
  const ancestors = /frame-ancestors ([^;]+)/.exec(csp)?.[1]?.split(' ') ?? [];
  expect(ancestors).toEqual(
    expect.arrayContaining([
      'https://shop.partner.example',
      'https://shop.example.com',
      'http://localhost:*',
      'http://127.0.0.1:*',
    ]),
  );
  expect(ancestors).not.toContain('*');
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("default-src 'none'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
});

test('live-mode pages list no test cards and may not be framed by local origins', async () => {
  const service = pagesService();
  const session = await createSession(service, ['sku-ibuprofen'], {}, service.keys.live);
  const response = await getPage(service, session.checkout_url);
  const page = await response.text();
  expect(response.status).toBe(200);
  expect(page).not.toContain('4000000000000002');
  expect(response.headers.get('content-security-policy')).not.toContain('localhost');
});

test('paying with 4242 redirects to the success URL with the real ids, and the order exists', async () => {
  const service = pagesService();
  const session = await createSession(service, ['sku-ibuprofen'], {
    success_url:
      'https://shop.example.com/thanks/{CHECKOUT_SESSION_ID}?order={ORDER_ID}&email={CUSTOMER_EMAIL}',
  });
  const page = await (await getPage(service, session.checkout_url)).text();
  const response = await postForm(service, formAction(page, 'pay'), {
    hsa_card_number: '4242 4242 4242 4242',
  });
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get('location') ?? '');
  const orderId = location.searchParams.get('order') ?? '';
  expect(location.pathname).toBe(`/thanks/${session.checkout_id}`);
  expect(location.searchParams.get('email')).toBe(session.customer.email);
  const order = await api(service, 'GET', `/v2/orders/${orderId}`);
  expect(order.status).toBe(200);
  expect((order.body as Order).status).toBe('completed');
});

test('a declined card shows the message and the form again, and a retry with a good card pays', async () => {
  const service = pagesService();
  const session = await createSession(service, ['sku-tissue']);
  const page = await (await getPage(service, session.checkout_url)).text();
  const declined = await postForm(service, formAction(page, 'pay'), { card_number: '4000000000000002' });
  const declinedPage = await declined.text();
  // 200: the decline is in the page (Chrome logs a 4xx document as a console error).
  expect(declined.status).toBe(200);
  expect(declinedPage).toContain('data-error-code="card_declined"');
  expect(declinedPage).toContain('<label for="card_number">');
  expect(service.events({ type: 'payment.failed' })).toHaveLength(1);
  const retried = await postForm(service, formAction(declinedPage, 'pay'), {
    card_number: '4111111111111111',
  });
  expect(retried.status).toBe(303);
  expect(service.events({ type: 'order.created' })).toHaveLength(1);
});

test('a card number that is not 12 to 19 digits is refused on the page without an attempt', async () => {
  const service = pagesService();
  const session = await createSession(service, ['sku-tissue']);
  const page = await (await getPage(service, session.checkout_url)).text();
  const response = await postForm(service, formAction(page, 'pay'), { card_number: '4242' });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('data-error-code="invalid_card_number"');
  expect(service.events({ type: 'payment.failed' })).toHaveLength(0);
});

test('cancel redirects to the failure URL with the session filled in and leaves the session open', async () => {
  const service = pagesService();
  const session = await createSession(service, ['sku-ibuprofen'], {
    failure_url: 'https://shop.example.com/cart?cs={CHECKOUT_SESSION_ID}&o={ORDER_ID}',
  });
  const page = await (await getPage(service, session.checkout_url)).text();
  const response = await postForm(service, formAction(page, 'cancel'), {});
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe(`https://shop.example.com/cart?cs=${session.checkout_id}&o=`);
  const after = await api(service, 'GET', `/api/v2/checkout/${session.checkout_id}`);
  expect((after.body as { data: CheckoutSession }).data.status).toBe('open');
});

test('embedded, a payment confirms in the frame and names the embedding origin as the message target', async () => {
  const service = pagesService();
  const session = await createSession(service, ['sku-ibuprofen']);
  const embedded = `${session.checkout_url}&embed_origin=${encodeURIComponent('http://localhost:5173')}`;
  const page = await (await getPage(service, embedded)).text();
  expect(page).toContain('data-glm-target-origin="http://localhost:5173"');
  const response = await postForm(service, formAction(page, 'pay'), { hsa_card_number: '4242424242424242' });
  const done = await response.text();
  expect(response.status).toBe(200);
  const order = service.events({ type: 'order.created' })[0]?.data as Order | undefined;
  expect(done).toContain('data-glm-target-origin="http://localhost:5173"');
  expect(done).toContain(
    `data-glm-message="{&quot;type&quot;:&quot;checkout.completed&quot;,&quot;checkout_id&quot;:&quot;${session.checkout_id}&quot;,&quot;order_id&quot;:&quot;${order?.id}&quot;}"`,
  );
});

test('an embed origin that is not allowed is ignored: messages go to the success URL origin', async () => {
  const service = pagesService();
  const session = await createSession(service, ['sku-ibuprofen'], {}, service.keys.live);
  const page = await (
    await getPage(
      service,
      `${session.checkout_url}&embed_origin=${encodeURIComponent('https://evil.example')}`,
    )
  ).text();
  expect(page).toContain('data-glm-target-origin="https://shop.example.com"');
  expect(page).not.toContain('data-glm-target-origin="https://evil.example"');
});

test('a paid session shows that it is paid and an expired one that it expired', async () => {
  const service = pagesService();
  const paid = await createSession(service, ['sku-ibuprofen']);
  await service.payCheckout(paid.checkout_id);
  const paidResponse = await getPage(service, paid.checkout_url);
  expect(paidResponse.status).toBe(200);
  expect(await paidResponse.text()).toContain('Already paid');
  const expiring = await createSession(service, ['sku-ibuprofen']);
  service.clock.advance('25h');
  const expired = await getPage(service, expiring.checkout_url);
  expect(expired.status).toBe(200);
  expect(await expired.text()).toContain('Checkout expired');
});

test('paying a session that was paid meanwhile shows the paid page instead of charging again', async () => {
  const service = pagesService();
  const session = await createSession(service, ['sku-ibuprofen']);
  const page = await (await getPage(service, session.checkout_url)).text();
  await service.payCheckout(session.checkout_id);
  const response = await postForm(service, formAction(page, 'pay'), { hsa_card_number: '4242424242424242' });
  expect(await response.text()).toContain('Already paid');
  expect(service.events({ type: 'order.created' })).toHaveLength(1);
});

test('the API paths are untouched: a page path under /v2 is still the JSON API', async () => {
  const service = pagesService();
  const session = await createSession(service, ['sku-ibuprofen']);
  const answer = await api(service, 'GET', `/v2/checkout/${session.checkout_id}`);
  expect(answer.status).toBe(200);
});
