import { expect, test } from 'vitest';
import { Glm } from '../src/client.ts';
import { AuthenticationError } from '../src/errors/authentication-error.ts';
import { NotFoundError } from '../src/errors/not-found-error.ts';
import { BASE_URL, rejectionOf, useMockGlm } from './support/use-mock-glm.ts';

const { glm, mock } = useMockGlm();

test('an unknown order is a NotFoundError naming the id', async () => {
  const error = await rejectionOf(glm.orders.get('ord_unknown'));
  expect(error).toBeInstanceOf(NotFoundError);
  expect(error).toMatchObject({ status: 404, code: 'not_found', param: 'id' });
});

test('an empty order list is one page with no next page', async () => {
  const page = await glm.orders.list();
  expect(page.data).toEqual([]);
  expect(page.hasNextPage()).toBe(false);
});

test('orders of one mode are invisible to the other mode (D6)', async () => {
  const live = new Glm({ apiKey: mock.keys.live, baseUrl: BASE_URL, maxRetries: 0, logLevel: 'off' });
  expect((await live.orders.list()).data).toEqual([]);
});

test('a well-formed but unknown key is an AuthenticationError', async () => {
  const stranger = glm.withOptions({ apiKey: 'glm_test_0000000000000000.00000000000000000000000000000000' });
  const error = await rejectionOf(stranger.orders.list());
  expect(error).toBeInstanceOf(AuthenticationError);
  expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
});
