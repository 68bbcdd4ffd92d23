import { expect, test } from 'vitest';
import { getPage, pagesService } from '../../../test/support/page-kit.ts';
import { endLinksView, merchantName } from './end-links.ts';

test('the merchant is the configured name, else the host of the success URL', () => {
  expect(merchantName('Acme Pharmacy', 'https://shop.example/thanks')).toBe('Acme Pharmacy');
  expect(merchantName(undefined, 'https://shop.example:8443/thanks')).toBe('shop.example:8443');
  expect(merchantName(undefined, 'not a url')).toBe('the shop');
});

test('end links are escaped, and only the merchant links leave the frame', () => {
  const markup = endLinksView([
    { href: '/pay/plink_1', label: 'Try again', top: false },
    { href: 'https://shop.example/?a=1&b=<2>', label: 'Return to <Acme>', top: true },
  ]).markup;
  expect(markup).toBe(
    '<p class="end-links"><a href="/pay/plink_1">Try again</a><a href="https://shop.example/?a=1&amp;b=&lt;2&gt;" target="_top">Return to &lt;Acme&gt;</a></p>',
  );
});

test('the merchantName option names the merchant on a paid link page', async () => {
  const service = pagesService({ merchantName: 'Acme Pharmacy' });
  const created = await service.handle(
    new Request('http://127.0.0.1:4010/v2/payment-links', {
      method: 'POST',
      headers: { authorization: `Bearer ${service.keys.test}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        amount_cents: 500,
        currency: 'USD',
        description: 'Deposit',
        success_url: 'https://shop.example/paid',
      }),
    }),
  );
  const link = (await created.json()) as { id: string; url: string };
  await service.payPaymentLink(link.id);
  const page = await (await getPage(service, link.url)).text();
  expect(page).toContain('Return to Acme Pharmacy');
  expect(() => pagesService({ merchantName: ' ' })).toThrow(TypeError);
});
