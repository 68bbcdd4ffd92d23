// Fails when public source text cites a decision number (D1…D36 of the decisions file) or a section of
// the service interface (`interface 4.4`, `section 2.3`, `§ 7`, a bare `(4.6, 3.2)` or `(4.4 rule 1)`)
// instead of saying the rule: typedoc readers and readers of the OpenAPI document have neither file.
// Citations stay welcome in tests and internal notes.
//
// It also fails when a file of the workspace packages people read and copy from (examples/,
// runtime-matrix/, bench/) cites an issue number ("issue 12", "issues 7 and 27"): a reader has no
// tracker, so such a file says what the code does and why, and the history stays in git.
//
// Usage: node scripts/check-decision-numbers.mjs <package dir>...
// Scans every non-test .ts file under each package's src/ (skipping *.test.ts, *.test-d.ts and
// test-support/ folders) and reports a citation found in a comment or a string or template literal;
// then every file git tracks or would track (not ignored) under examples/, runtime-matrix/ and bench/,
// whole.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The folders whose every file is read for issue numbers.
const issueFreeFolders = ['examples', 'runtime-matrix', 'bench'];
const issueNumber = /\bissues?\s+#?\d+/gi;

const decisionNumber = /\bD[1-9][0-9]?\b/g;
// Text that looks like a decision number but is not one.
const notCitations = [/Vitamin $/];
// A section of the service interface: by name (`interface 4.4`, `section 2.3`, `§ 7`), or a bare
// section number in parentheses (`(4.4)`, `(4.6, 3.2)`, `(4.4 rule 1)`, `(4.3, rate-limited …)`).
const sectionNumber = '[1-9]\\.\\d{1,2}';
const interfaceSection = new RegExp(
  [
    `\\b(?:interface|sections?)\\s+[1-9](?:\\.\\d{1,2})?\\b`,
    `§\\s*\\d`,
    `\\(${sectionNumber}(?:\\s*(?:,|–|and)\\s*${sectionNumber})*(?:\\s+rules?\\s+\\d+)?\\s*[,;:)]`,
  ].join('|'),
  'gi',
);

function sourceFiles(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'test-support' && name !== 'node_modules') files.push(...sourceFiles(path));
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.test-d.ts')) {
      files.push(path);
    }
  }
  return files;
}

/** The [start, end) ranges of a file's comments and string and template literals. */
function textRanges(fileName, text) {
  const sourceFile = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  // The scanner alone cannot tell a regex from a division or a template's `}` from a block's: the
  // parsed tree says where those tokens start.
  const regexStarts = new Set();
  const templateStarts = new Set();
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) regexStarts.add(node.getStart(sourceFile));
    if (node.kind === ts.SyntaxKind.TemplateMiddle || node.kind === ts.SyntaxKind.TemplateTail) {
      templateStarts.add(node.getStart(sourceFile));
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const ranges = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    const start = scanner.getTokenStart();
    if (regexStarts.has(start)) kind = scanner.reScanSlashToken();
    else if (templateStarts.has(start)) kind = scanner.reScanTemplateToken(false);
    switch (kind) {
      case ts.SyntaxKind.SingleLineCommentTrivia:
      case ts.SyntaxKind.MultiLineCommentTrivia:
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      case ts.SyntaxKind.TemplateHead:
      case ts.SyntaxKind.TemplateMiddle:
      case ts.SyntaxKind.TemplateTail:
        ranges.push([start, scanner.getTokenEnd()]);
    }
  }
  return ranges;
}

const packages = process.argv.slice(2);
if (packages.length === 0) {
  console.error('usage: node scripts/check-decision-numbers.mjs <package dir>...');
  process.exit(2);
}
const found = [];
let scanned = 0;
for (const pkg of packages) {
  for (const file of sourceFiles(join(pkg, 'src'))) {
    scanned += 1;
    const text = readFileSync(file, 'utf8');
    for (const [start, end] of textRanges(file, text)) {
      const piece = text.slice(start, end);
      const citations = [
        ...[...piece.matchAll(decisionNumber)].filter(
          (match) => !notCitations.some((pattern) => pattern.test(piece.slice(0, match.index))),
        ),
        ...piece.matchAll(interfaceSection),
      ];
      for (const match of citations) {
        const offset = start + match.index;
        const line = text.slice(0, offset).split('\n').length;
        const lineText = text.split('\n')[line - 1].trim();
        found.push(`${relative(process.cwd(), file)}:${line}: ${match[0]} in "${lineText}"`);
      }
    }
  }
}
/** Every file git tracks or would track (not ignored) under the issue-free folders. */
function issueFreeFiles() {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...issueFreeFolders],
    { cwd: root, encoding: 'utf8' },
  );
  return [...new Set(listed.split('\0').filter((name) => name !== ''))].map((name) => join(root, name));
}

const issueCitations = [];
let issueScanned = 0;
for (const file of issueFreeFiles()) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // Deleted in the work tree but still in the index.
  }
  issueScanned += 1;
  for (const match of text.matchAll(issueNumber)) {
    const line = text.slice(0, match.index).split('\n').length;
    issueCitations.push(`${relative(process.cwd(), file)}:${line}: ${match[0]}`);
  }
}

if (issueCitations.length > 0) {
  console.error(issueCitations.join('\n'));
  console.error(
    `\n${issueCitations.length} issue number(s) in ${issueFreeFolders.join(', ')}. Say what the code does ` +
      'and why; the history is in git.',
  );
}
if (found.length > 0) {
  console.error(found.join('\n'));
  console.error(
    `\n${found.length} citation(s) of a decision or of a section of the service interface in public ` +
      'source text. Say the rule in words; keep citations in tests and internal notes.',
  );
  process.exit(1);
}
if (issueCitations.length > 0) process.exit(1);
console.log(
  `No decision or interface-section citations in ${scanned} source files of ${packages.join(', ')}; ` +
    `no issue numbers in ${issueScanned} files of ${issueFreeFolders.join(', ')}.`,
);
