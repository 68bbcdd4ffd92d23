import { expect, test, vi } from 'vitest';
import { CutOff } from './cut-off.ts';

test('abort calls each listener once, and not those removed', () => {
  const cut = new CutOff();
  const kept = vi.fn();
  const removed = vi.fn();
  cut.addEventListener('abort', kept);
  cut.addEventListener('abort', removed);
  cut.removeEventListener('abort', removed);
  expect(cut.aborted).toBe(false);
  cut.abort();
  cut.abort();
  expect(cut.aborted).toBe(true);
  expect(kept).toHaveBeenCalledTimes(1);
  expect(removed).not.toHaveBeenCalled();
});
