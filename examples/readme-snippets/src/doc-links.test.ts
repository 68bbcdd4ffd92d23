import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { anchorsOf, brokenLinks, headingSlug, markdownFiles } from './doc-links.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

test('no README, guide or other document of the repository links a file or heading that does not exist', () => {
  const documents = markdownFiles(root);
  expect(documents).toContain('README.md');
  expect(documents).toContain('packages/mock-server/README.md');
  expect(documents.some((path) => path.startsWith('docs/guides/'))).toBe(true);
  const broken = brokenLinks(root, documents).map(
    (link) => `${link.document}:${link.line}: ${link.target} (${link.problem})`,
  );
  expect(broken).toEqual([]);
});

test('headings get the anchors GitHub gives them', () => {
  expect(headingSlug('In-process with msw (Vitest)')).toBe('in-process-with-msw-vitest');
  expect(headingSlug('Triggering an event: `glm-mock trigger`, `mock.trigger()`')).toBe(
    'triggering-an-event-glm-mock-trigger-mocktrigger',
  );
  expect(headingSlug('Authorized, not captured: `4000000000000200`')).toBe(
    'authorized-not-captured-4000000000000200',
  );
  expect([...anchorsOf('# A\n## Notes\n```\n## not a heading\n```\n### Notes\n<a id="here"></a>')]).toEqual([
    'a',
    'notes',
    'notes-1',
    'here',
  ]);
});

test('a link to a missing file, a missing heading or outside the repository is reported with its line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'doc-links-'));
  try {
    mkdirSync(join(dir, 'guides'));
    writeFileSync(join(dir, 'guides', 'a.md'), '# Guide A\n\n## Setting up\n');
    writeFileSync(
      join(dir, 'README.md'),
      [
        '# Top',
        '[ok](guides/a.md#setting-up) [ok](#top) [site](https://example.com/x.md) `[code](nope.md)`',
        '[missing](guides/b.md)',
        '[no heading](guides/a.md#set-up)',
        '```',
        '[in a code block](nope.md)',
        '```',
        '[outside](../elsewhere.md) [self](#nowhere)',
      ].join('\n'),
    );
    expect(brokenLinks(dir).map(({ line, target, problem }) => [line, target, problem])).toEqual([
      [3, 'guides/b.md', 'no such file or folder'],
      [4, 'guides/a.md#set-up', 'no heading #set-up in guides/a.md'],
      [8, '../elsewhere.md', 'leads outside the repository'],
      [8, '#nowhere', 'no heading #nowhere in README.md'],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
