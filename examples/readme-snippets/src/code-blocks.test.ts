import fc from 'fast-check';
import { expect, test } from 'vitest';
import { extractCodeBlocks } from './code-blocks.ts';

test('blocks come back in order with their language, first line and exact code', () => {
  const markdown = [
    '# Title',
    '',
    '```ts',
    'const a = 1;',
    '```',
    'text',
    '```sh',
    'pnpm test',
    '```',
    '',
  ].join('\n');

  expect(extractCodeBlocks(markdown)).toEqual([
    { lang: 'ts', line: 4, code: 'const a = 1;\n' },
    { lang: 'sh', line: 8, code: 'pnpm test\n' },
  ]);
});

test('a longer fence may hold a shorter one, and an unclosed block runs to the end', () => {
  const markdown = ['````md', '```ts', 'x', '```', '````', '```ts', 'open'].join('\n');

  expect(extractCodeBlocks(markdown)).toEqual([
    { lang: 'md', line: 2, code: '```ts\nx\n```\n' },
    { lang: 'ts', line: 7, code: 'open\n' },
  ]);
});

test('any code without fences, fenced in a document, is extracted unchanged', () => {
  const codeLine = fc.string().filter((line) => !line.includes('`') && !/[\r\n]/.test(line));
  const prose = fc.array(
    codeLine.map((line) => `prose ${line}`),
    { maxLength: 3 },
  );
  fc.assert(
    fc.property(fc.array(fc.tuple(prose, fc.array(codeLine, { minLength: 1, maxLength: 5 }))), (sections) => {
      const markdown = sections.flatMap(([text, code]) => [...text, '```ts', ...code, '```']).join('\n');

      const blocks = extractCodeBlocks(markdown);

      expect(blocks.map((block) => block.code)).toEqual(sections.map(([, code]) => `${code.join('\n')}\n`));
    }),
  );
});
