import { describe, expect, test } from 'vitest';
import { createRouter } from './router.ts';

const route = (method: string, path: string) => ({ method, path });
const table = [
  route('GET', '/things/:id'),
  route('PUT', '/things/:id'),
  route('GET', '/things/special'),
  route('POST', '/things/:id/act'),
  route('GET', '/files/*'),
  route('POST', '/files/*'),
];

describe.each(['path', 'params'] as const)('a router decoding %s', (decoding) => {
  const router = createRouter(table, decoding);

  test('the pattern with the most literal segments wins, and only its methods count', () => {
    expect(router.match('GET', '/things/special')).toMatchObject({ kind: 'found', params: {} });
    expect(router.match('PUT', '/things/special')).toMatchObject({
      kind: 'method_not_allowed',
      allowed: ['GET'],
    });
    expect(router.match('GET', '/things/t_1')).toMatchObject({ kind: 'found', params: { id: 't_1' } });
  });

  test('another method on a known path is 405 with its methods in table order; an unknown path is 404', () => {
    expect(router.match('DELETE', '/things/t_1')).toMatchObject({
      kind: 'method_not_allowed',
      allowed: ['GET', 'PUT'],
    });
    expect(router.match('GET', '/nothing')).toEqual({ kind: 'not_found' });
    // A parameter is never empty.
    expect(router.match('GET', '/things/')).toEqual({ kind: 'not_found' });
  });

  test('a trailing * takes one or more further segments', () => {
    expect(router.match('GET', '/files/a/b/c')).toMatchObject({ kind: 'found' });
    expect(router.match('GET', '/files/')).toMatchObject({ kind: 'found' });
    expect(router.match('GET', '/files')).toEqual({ kind: 'not_found' });
    expect(router.methodsAt('/files/x')).toEqual(['GET', 'POST']);
    expect(router.methodsAt('/elsewhere')).toBeUndefined();
  });

  test('a parameter arrives decoded', () => {
    expect(router.match('GET', '/things/a%2Fb%20c')).toMatchObject({
      kind: 'found',
      params: { id: 'a/b c' },
    });
  });
});

test("decoding the path reads escaped literals and knows no path with a malformed escape, as the API's router", () => {
  const router = createRouter(table, 'path');
  expect(router.match('GET', '/th%69ngs/special')).toMatchObject({ kind: 'found', route: table[2] });
  expect(router.match('GET', '/things/%E0%A4%A')).toEqual({ kind: 'not_found' });
});

test("decoding only parameters matches literals as sent and calls a malformed parameter so, after the method check, as the pages' router", () => {
  const router = createRouter(table, 'params');
  expect(router.match('GET', '/th%69ngs/special')).toEqual({ kind: 'not_found' });
  expect(router.match('GET', '/things/%E0%A4%A')).toMatchObject({ kind: 'malformed', route: table[0] });
  expect(router.match('POST', '/things/%E0%A4%A')).toMatchObject({ kind: 'method_not_allowed' });
  expect(router.match('GET', '/files/%E0%A4%A')).toMatchObject({ kind: 'found' });
});
