// The docs' test-card and trigger tables say what the exported data and the flows say (D35). They
// live in the guides of docs/guides/ that the README links; the README and every guide are read.
import { readdirSync, readFileSync } from 'node:fs';
import { EventType } from '@glm/domain';
import { TEST_CARDS } from '@glm/domain/test-helpers';
import { expect, test } from 'vitest';
import { TRIGGER_FLOWS } from '../../src/operations/triggers/trigger-flows.ts';

const guides = new URL('../../../../docs/guides/', import.meta.url);
const README = [
  readFileSync(new URL('../../README.md', import.meta.url), 'utf8'),
  ...readdirSync(guides)
    .filter((name) => name.endsWith('.md'))
    .map((name) => readFileSync(new URL(name, guides), 'utf8')),
].join('\n');

/** The cells of every table row of the README whose first cell is `code`. */
const rowOf = (first: string): string[] | undefined =>
  README.split('\n')
    .find((line) => line.startsWith(`| \`${first}\` |`))
    ?.split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());

const code = (value: string | null | boolean): string => (value === null ? '—' : `\`${String(value)}\``);

test('the test-card table lists every exported card, in order, with its outcome, decline and purpose', () => {
  for (const card of TEST_CARDS) {
    expect(rowOf(card.number), card.number).toEqual([
      code(card.number),
      code(card.outcome),
      code(card.decline_code),
      card.retryable === null ? '—' : String(card.retryable),
      card.purpose,
    ]);
  }
  const listed = README.split('\n').filter((line) => /^\| `4\d{15}` \| `/.test(line));
  expect(listed.map((line) => line.slice(3, 19))).toEqual(TEST_CARDS.map((card) => card.number));
});

test('the trigger table lists every event type with its requests, main first, and the objects it takes', () => {
  for (const type of EventType.options) {
    const flow = TRIGGER_FLOWS[type];
    const row = rowOf(type);
    expect(row?.[1], type).toBe(`${flow.does[0]?.toUpperCase()}${flow.does.slice(1)}`);
    expect(row?.[2], type).toBe(
      flow.requests.map((name, i) => (i === 0 ? `**\`${name}\`**` : `\`${name}\``)).join(', '),
    );
    expect(row?.[3], type).toBe(
      flow.objects.length === 0 ? '—' : flow.objects.map((name) => `\`--${name}\``).join(', '),
    );
  }
});
