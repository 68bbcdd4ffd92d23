// The guides that list the network fault kinds list them all: the `Glm-Mock-Fault` header's `network`
// values in the faults guide, and the `--fault` option's in the standalone guide.
import { readFileSync } from 'node:fs';
import { FaultNetwork } from '@glm/domain/test-helpers';
import { expect, test } from 'vitest';

const guide = (name: string): string =>
  readFileSync(new URL(`../../../../docs/guides/${name}`, import.meta.url), 'utf8');

/** The text of `document` from `start` up to `end`, or '' when either is missing. */
function between(document: string, start: string, end: string): string {
  const from = document.indexOf(start);
  const to = document.indexOf(end, from + start.length);
  return from === -1 || to === -1 ? '' : document.slice(from, to);
}

/** The network fault kinds `text` does not name as a word. */
const missingKinds = (text: string): string[] =>
  FaultNetwork.options.filter((kind) => !new RegExp(`\\b${kind}\\b`).test(text));

test("the faults guide's network values of the Glm-Mock-Fault header name every network fault kind", () => {
  const list = between(guide('faults-and-control.md'), '`network` (', '`delay` (');
  expect(list).toContain('reset');
  expect(missingKinds(list)).toEqual([]);
});

test("the standalone guide's --fault option names every network fault kind", () => {
  const list = between(guide('standalone-and-ci.md'), '`--fault "', '`--rate-limit');
  expect(list).toContain('reset');
  expect(missingKinds(list)).toEqual([]);
});
