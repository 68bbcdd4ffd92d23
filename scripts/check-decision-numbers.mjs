// Fails when a comment in a package's non-test source cites a decision by number (`D7`, `D8–D12`):
// those comments become the API docs, whose readers do not have the decisions file, so the rule is
// said in words there. Tests and internal notes (Markdown) may keep the numbers.
//
//   node scripts/check-decision-numbers.mjs packages/sdk [packages/… …]
//
// Reads every .ts/.tsx/.mts/.cts file under <package>/src except tests (*.test.*, *.test-d.*, *.spec.*)
// and test folders (test, tests, __tests__, test-support). Comments are found with the TypeScript
// parser, so strings, template literals and regular expressions never count.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const CITATION = /\bD\d+\b/g;
const SOURCE = /\.(?:ts|tsx|mts|cts)$/;
const TEST_FILE = /\.(?:test|test-d|spec)\.[cm]?tsx?$/;
const TEST_DIRS = new Set(['test', 'tests', '__tests__', 'test-support', 'node_modules']);

/** The non-test source files under `dir`, depth first. */
function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!TEST_DIRS.has(entry.name)) yield* sourceFiles(path);
    } else if (SOURCE.test(entry.name) && !TEST_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield path;
    }
  }
}

/** Every comment of `text` as [start, end] offsets, each once. */
function comments(fileName, text) {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found = new Map();
  const collect = (ranges) => {
    for (const range of ranges ?? []) found.set(range.pos, range.end);
  };
  // Comments sit around tokens: walking every node and token (getChildren includes punctuation and
  // the end-of-file token) and reading the ranges on both sides reaches all of them.
  const visit = (node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...found.entries()];
}

/** The citations in the package's comments, as `file:line: text` lines. */
function check(packageDir) {
  const problems = [];
  for (const file of sourceFiles(join(packageDir, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const [start, end] of comments(file, text)) {
      for (const match of text.slice(start, end).matchAll(CITATION)) {
        const offset = start + match.index;
        const line = text.slice(0, offset).split('\n').length;
        const lineText = text.split('\n')[line - 1].trim();
        problems.push(`${relative(process.cwd(), file)}:${line}: ${match[0]} in "${lineText}"`);
      }
    }
  }
  return problems;
}

const packages = process.argv.slice(2);
if (packages.length === 0) {
  console.error('usage: node scripts/check-decision-numbers.mjs <package dir> [<package dir> …]');
  process.exit(2);
}
const problems = packages.flatMap(check);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} decision number(s) in public comments of ${packages.join(', ')}: API-doc readers do not ` +
      'have the decisions file, so say the rule in words (tests and internal README notes may keep the numbers).',
  );
  process.exit(1);
}
console.log(`No decision numbers in the comments of ${packages.join(', ')}.`);
