/** One fenced code block of a Markdown file. */
export interface CodeBlock {
  /** The info string's first word (`ts`, `sh`…), lower-cased; empty when none. */
  readonly lang: string;
  /** The 1-based line of the block's first code line. */
  readonly line: number;
  /** The code, without the fences: each line ends with a newline. */
  readonly code: string;
}

const opening = /^ {0,3}(`{3,})\s*([^`\s]*)[^`]*$/;

/** Every backtick-fenced code block of a Markdown text, in order (CommonMark fences: 3+ backticks). */
export function extractCodeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const open = opening.exec(lines[index] ?? '');
    if (open === null) continue;
    const fence = open[1] ?? '```';
    const closing = new RegExp(`^ {0,3}${fence}\`*\\s*$`);
    const start = index + 1;
    let end = start;
    while (end < lines.length && !closing.test(lines[end] ?? '')) end++;
    const code = lines.slice(start, end).map((line) => `${line}\n`);
    blocks.push({ lang: (open[2] ?? '').toLowerCase(), line: start + 1, code: code.join('') });
    index = end;
  }
  return blocks;
}
