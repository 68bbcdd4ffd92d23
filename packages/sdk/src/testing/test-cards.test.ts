import { TEST_CARDS as SERVER_CARDS } from '@glm/mock-server';
import { expect, test } from 'vitest';
import { findTestCard, TEST_CARDS } from './index.ts';

test('the testing entry exports the very test cards the reference server charges', () => {
  expect(TEST_CARDS).toBe(SERVER_CARDS);
  expect(findTestCard('4000000000000200')).toMatchObject({ outcome: 'authorized' });
  expect(findTestCard('4000000000000119')).toMatchObject({
    decline_code: 'processing_error',
    retryable: true,
  });
  expect(findTestCard('4000000000000000')).toBeUndefined();
});
