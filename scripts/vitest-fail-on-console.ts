import { afterEach, beforeEach, vi } from 'vitest';

// A stray console call in a test is a mistake: the library under test must never print on its own.
const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;

beforeEach(() => {
  for (const method of methods) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      throw new Error(`Unexpected console.${method}() in a test: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});
