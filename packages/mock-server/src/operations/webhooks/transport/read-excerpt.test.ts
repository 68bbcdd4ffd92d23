import fc from 'fast-check';
import { expect, test } from 'vitest';
import { readExcerpt } from './read-excerpt.ts';

test('a short answer is read whole', async () => {
  expect(await readExcerpt(new Response('{"received":true}'), 1024)).toBe('{"received":true}');
});

test('an answer without a body reads as the empty string', async () => {
  expect(await readExcerpt(new Response(null, { status: 204 }), 1024)).toBe('');
});

test('only the first 1 KiB of a long answer is kept, and an endless answer still returns', async () => {
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(new TextEncoder().encode('x'.repeat(700)));
    },
  });
  const excerpt = await readExcerpt(new Response(endless), 1024);
  expect(excerpt).toBe('x'.repeat(1024));
});

test('the excerpt is a prefix of the answer and never longer than the limit, whatever the text', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.string({ maxLength: 800, unit: 'grapheme' }),
      fc.integer({ min: 1, max: 600 }),
      async (text, limit) => {
        const excerpt = await readExcerpt(new Response(text), limit);
        expect(excerpt.length).toBeLessThanOrEqual(limit);
        const bytes = new TextEncoder().encode(text);
        if (bytes.byteLength <= limit) expect(excerpt).toBe(text);
        else expect(text.startsWith(excerpt.replace(/\uFFFD+$/, ''))).toBe(true);
      },
    ),
    { numRuns: 60 },
  );
});
