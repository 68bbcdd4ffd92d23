import { expect, test } from 'vitest';
import { SCRIPT_PATH } from '../../src/pages/kit/assets.ts';
import { createSession, DASHBOARD_TOKEN, getPage, pagesService, postForm } from '../support/page-kit.ts';

const REQUEST_ID = /^req_[0-9A-Za-z]{24}$/;

test('every page answer carries its own x-request-id, as every API answer does (D2)', async () => {
  const service = pagesService();
  const session = await createSession(service, ['sku-ibuprofen']);
  const token = new URL(session.checkout_url).searchParams.get('token') ?? '';
  const answers = [
    await getPage(service, session.checkout_url),
    await getPage(service, `/checkout/${session.checkout_id}?token=wrong`),
    await getPage(service, '/checkout/cs_000000000000000000000000?token=x'),
    await getPage(service, SCRIPT_PATH),
    await getPage(service, '/dashboard'),
    await getPage(service, `/dashboard?token=${DASHBOARD_TOKEN}`),
    await service.handle(
      new Request(new URL(`/checkout/${session.checkout_id}`, session.checkout_url), { method: 'PUT' }),
    ),
    await postForm(service, `/checkout/${session.checkout_id}/pay?token=${token}`, {
      hsa_card_number: '4242424242424242',
    }),
  ];
  expect(answers.map((answer) => answer.status)).toEqual([200, 403, 404, 200, 403, 303, 405, 303]);
  const ids = answers.map((answer) => answer.headers.get('x-request-id') ?? '');
  for (const id of ids) expect(id).toMatch(REQUEST_ID);
  expect(new Set(ids).size).toBe(ids.length);
});

test('page answers are journalled with their request id, status and path, beside the API calls', async () => {
  const service = pagesService();
  const session = await createSession(service, ['sku-ibuprofen']);
  const page = await getPage(service, session.checkout_url);
  const denied = await getPage(service, `/checkout/${session.checkout_id}?token=wrong`);
  const journal = service.requests();
  expect(journal.map((entry) => [entry.method, entry.path, entry.status])).toEqual([
    ['POST', '/api/v2/checkout', 201],
    ['GET', `/checkout/${session.checkout_id}`, 200],
    ['GET', `/checkout/${session.checkout_id}`, 403],
  ]);
  expect(journal[1]?.request_id).toBe(page.headers.get('x-request-id'));
  expect(journal[2]?.request_id).toBe(denied.headers.get('x-request-id'));
  expect(journal[2]?.query).toBe('token=wrong');
});

test('the security headers of a page survive the request id', async () => {
  const service = pagesService();
  const session = await createSession(service, ['sku-ibuprofen']);
  const response = await getPage(service, session.checkout_url);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-security-policy')).toContain('frame-ancestors ');
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
});
