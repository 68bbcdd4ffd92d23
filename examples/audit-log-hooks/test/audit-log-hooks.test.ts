import { startServer } from '@glm/mock-server/node';
import { Glm, NotFoundError } from '@glm/sdk';
import { expect, onTestFinished, test } from 'vitest';
import { type AuditEntry, auditLogHooks } from '../src/audit-log-hooks.ts';

// The client against the standalone mock server over HTTP, as a merchant's back end would call it.
async function audited(actor = 'merchant:acme') {
  const server = await startServer({ port: 0, rateLimit: false });
  onTestFinished(() => server.close());
  const log: AuditEntry[] = [];
  const glm = new Glm({
    apiKey: server.service.keys.test,
    baseUrl: server.url,
    logLevel: 'off',
    hooks: auditLogHooks(actor, (entry) => void log.push(entry)),
  });
  return { glm, log, server };
}

const link = {
  amount_cents: 2_599,
  currency: 'USD',
  description: 'Knee brace',
  success_url: 'https://shop.example/thanks',
};

test('each attempt is logged before it is sent and again with its answer, under one call id', async () => {
  const { glm, log } = await audited();
  const created = await glm.paymentLinks.create(link, { idempotencyKey: 'link-knee-brace' });

  expect(log.map((entry) => [entry.event, entry.method, entry.path, entry.attempt, entry.status])).toEqual([
    ['attempt', 'POST', '/v2/payment-links', 1, null],
    ['answer', 'POST', '/v2/payment-links', 1, 201],
  ]);
  expect(log[1]).toMatchObject({
    actor: 'merchant:acme',
    idempotencyKey: 'link-knee-brace',
    requestId: expect.stringMatching(/^req_/),
    durationMs: expect.any(Number),
    error: null,
  });
  expect(log[0]?.callId).toBe(log[1]?.callId);
  expect(created.id).toMatch(/^plink_/);
});

test('a failed call ends with a failure line naming the error class and code', async () => {
  const { glm, log } = await audited();
  await expect(glm.paymentLinks.cancel('plink_missing')).rejects.toBeInstanceOf(NotFoundError);
  expect(log.map((entry) => `${entry.event} ${entry.status} ${entry.error}`)).toEqual([
    'attempt null null',
    'answer 404 null',
    'failure 404 NotFoundError not_found',
  ]);
});

test('when the audit log cannot be written, nothing is sent', async () => {
  const server = await startServer({ port: 0, rateLimit: false });
  onTestFinished(() => server.close());
  const glm = new Glm({
    apiKey: server.service.keys.test,
    baseUrl: server.url,
    logLevel: 'off',
    hooks: auditLogHooks('merchant:acme', async () => {
      throw new Error('audit store unavailable');
    }),
  });
  await expect(glm.paymentLinks.create(link)).rejects.toThrow('audit store unavailable');
  expect(server.service.requests()).toEqual([]);
});

test('a line never holds the key, the body or a card number', async () => {
  const { glm, log, server } = await audited();
  const created = await glm.paymentLinks.create(link);
  await glm.testHelpers.paymentLinks.pay(created.id, { card_number: '4242424242424242' });
  const written = JSON.stringify(log);
  expect(written).not.toContain(server.service.keys.test);
  expect(written).not.toContain('4242424242424242');
  expect(written).not.toContain('Knee brace');
  expect(log.filter((entry) => entry.event === 'answer').map((entry) => entry.status)).toEqual([201, 200]);
});
