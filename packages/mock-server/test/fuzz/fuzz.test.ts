import { expect, test } from 'vitest';
import { runFuzz } from './run-fuzz.ts';

test('1 500 seeded requests from the OpenAPI document keep every invariant: no 5xx, x-request-id, the error body, refusals change nothing, Object.prototype untouched', async () => {
  const report = await runFuzz({ seed: 14, requests: 1500 });
  expect(report.violations).toEqual([]);
  expect(report.sent).toBe(1500);
  // The run reached the operations and both sides of the API, not only refusals.
  expect(Object.keys(report.byOperation).length).toBeGreaterThanOrEqual(30);
  const statuses = Object.keys(report.byStatus).map(Number);
  expect(statuses.some((status) => status < 300)).toBe(true);
  // Good bodies mutated or not reach past parsing: objects are created, not only refused.
  expect(report.byStatus['201'] ?? 0).toBeGreaterThan(10);
  expect(statuses.some((status) => status >= 400)).toBe(true);
  expect(report.prototypeKeys.sent).toBeGreaterThan(0);
}, 60_000);

test('500 seeded requests over HTTP to the standalone server keep every invariant too', async () => {
  const report = await runFuzz({ seed: 15, requests: 500, transport: 'http' });
  expect(report.violations).toEqual([]);
  expect(report.sent).toBe(500);
  expect(Object.keys(report.byStatus).length).toBeGreaterThan(5);
}, 60_000);
