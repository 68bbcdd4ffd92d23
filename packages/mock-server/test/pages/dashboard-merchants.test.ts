import { MerchantWithKeys } from '@glm/domain/test-helpers';
import { expect, test } from 'vitest';
import { api, createSession, DASHBOARD_TOKEN, getPage, pagesService, postForm } from '../support/page-kit.ts';

// D34: the dashboard shows one merchant at a time and lets you switch.

test('the dashboard shows one merchant at a time; the switcher moves to another and its forms act there', async () => {
  const service = pagesService();
  const login = await getPage(service, `/dashboard?mode=test&token=${DASHBOARD_TOKEN}`);
  const tokenCookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  // Alone on the server, the first merchant is named without a switcher.
  const alone = await (await getPage(service, '/dashboard', { cookie: tokenCookie })).text();
  expect(alone).toContain('Merchant: Default merchant');
  expect(alone).not.toContain('<select id="merchant-switch"');

  const other = MerchantWithKeys.parse(
    (await api(service, 'POST', '/v2/test_helpers/merchants', { name: 'Suite B' })).body,
  );
  const theirs = await createSession(service, ['sku-ibuprofen'], {}, other.keys.test);
  const mine = await createSession(service, ['sku-tissue']);

  const first = await (await getPage(service, '/dashboard', { cookie: tokenCookie })).text();
  expect(first).toContain(mine.checkout_id);
  expect(first).not.toContain(theirs.checkout_id);
  expect(first).toContain(`<option value="${other.id}">Suite B (${other.id})</option>`);

  const switched = await getPage(service, `/dashboard?merchant=${other.id}&mode=test`, {
    cookie: tokenCookie,
  });
  const page = await switched.text();
  expect(page).toContain(theirs.checkout_id);
  expect(page).not.toContain(mine.checkout_id);
  expect(page).toContain(`data-merchant="${other.id}"`);
  const merchantCookie = (switched.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  expect(merchantCookie).toBe(`glm_dashboard_merchant=${other.id}`);

  // The cookie keeps the dashboard on that merchant: a key made on the dashboard is that merchant's.
  const cookie = `${tokenCookie}; ${merchantCookie}`;
  const created = await postForm(
    service,
    '/dashboard/api-keys',
    { name: 'B key', key_mode: 'test', mode: 'test' },
    { cookie },
  );
  expect(created.status).toBe(303);
  const shown = await (await getPage(service, created.headers.get('location') ?? '', { cookie })).text();
  const key = /<code class="secret" data-secret>([^<]+)<\/code>/.exec(shown)?.[1] ?? '';
  const current = await api(service, 'GET', '/v2/test_helpers/merchants/current', undefined, key);
  expect(current.body).toMatchObject({ id: other.id });
});
