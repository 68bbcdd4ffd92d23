import { expect, test } from 'vitest';
import { closestRoutes, noRouteMessage } from './closest-routes.ts';

const ROUTES = [
  { method: 'GET', path: '/products' },
  { method: 'POST', path: '/products' },
  { method: 'GET', path: '/products/:id' },
  { method: 'PUT', path: '/products/:id' },
  { method: 'POST', path: '/checkout' },
  { method: 'GET', path: '/checkout/:id' },
  { method: 'POST', path: '/refunds' },
  { method: 'GET', path: '/orders/:id' },
];

test('a misspelt segment names the routes of the right spelling, the request method first', () => {
  expect(closestRoutes(ROUTES, { method: 'GET', path: '/prodcts', prefix: '/v2' })).toEqual([
    'GET /v2/products',
    'POST /v2/products',
  ]);
  expect(closestRoutes(ROUTES, { method: 'POST', path: '/chekout', prefix: '/api/v2' })[0]).toBe(
    'POST /api/v2/checkout',
  );
});

test('a parameter segment takes any value, so an id path finds its parameter routes', () => {
  expect(closestRoutes(ROUTES, { method: 'GET', path: '/order/ord_123', prefix: '/v2' })[0]).toBe(
    'GET /v2/orders/:id',
  );
});

test('at most three routes, and none when nothing resembles the path', () => {
  const many = [...ROUTES, { method: 'DELETE', path: '/products' }, { method: 'PATCH', path: '/products' }];
  expect(closestRoutes(many, { method: 'GET', path: '/product', prefix: '/v2' })).toEqual([
    'GET /v2/products',
    'POST /v2/products',
    'DELETE /v2/products',
  ]);
  expect(closestRoutes(ROUTES, { method: 'GET', path: '/zzzzzz/yyyyyy/xxxxxx', prefix: '/v2' })).toEqual([]);
});

test('the message names the request and its suggestions', () => {
  expect(
    noRouteMessage(ROUTES, { method: 'POST', pathname: '/v2/refund', path: '/refund', prefix: '/v2' }),
  ).toBe('No route for POST /v2/refund. Did you mean POST /v2/refunds?');
  expect(
    noRouteMessage(ROUTES, {
      method: 'GET',
      pathname: '/v2/zzzzzz/yyyyyy/xxxxxx',
      path: '/zzzzzz/yyyyyy/xxxxxx',
      prefix: '/v2',
    }),
  ).toBe('No route for GET /v2/zzzzzz/yyyyyy/xxxxxx.');
});
