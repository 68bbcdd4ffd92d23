import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** A link of a Markdown document that leads nowhere. */
export interface BrokenLink {
  /** The document, from the repository root. */
  readonly document: string;
  /** The document's line that holds the link. */
  readonly line: number;
  /** The link target as written. */
  readonly target: string;
  /** Why it leads nowhere. */
  readonly problem: string;
}

// Dependencies, builds and generated output (the git-ignored folders), and changesets (release notes).
const SKIPPED_DIRECTORIES = new Set([
  'node_modules',
  'dist',
  '.git',
  '.changeset',
  'coverage',
  '.snippets',
  '.glm-mock',
]);
const SKIPPED_PATHS = new Set([
  'docs/api',
  'test-results',
  'bench/.tmp',
  'examples/openapi-client/src/generated',
]);

/** Every Markdown file under `root` (skipping dependencies, builds, generated output and changesets), from the root. */
export function markdownFiles(root: string, under = ''): string[] {
  return readdirSync(join(root, under), { withFileTypes: true }).flatMap((entry) => {
    const path = under === '' ? entry.name : `${under}/${entry.name}`;
    if (entry.isDirectory()) {
      return SKIPPED_DIRECTORIES.has(entry.name) || SKIPPED_PATHS.has(path) ? [] : markdownFiles(root, path);
    }
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/**
 * The anchor GitHub gives a heading: lower case, punctuation dropped (hyphens and underscores kept),
 * each space a hyphen; a repeated heading gets `-1`, `-2`, ….
 */
export function headingSlug(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

/** The lines of a Markdown text outside fenced code blocks, with their line numbers. */
function proseLines(text: string): { line: number; text: string }[] {
  let fence: string | undefined;
  return text.split('\n').flatMap((line, index) => {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker[0];
      else if (marker[0] === fence) fence = undefined;
      return [];
    }
    return fence === undefined ? [{ line: index + 1, text: line }] : [];
  });
}

/** The anchors of a Markdown text: its headings' slugs and explicit `<a id>`/`<a name>` anchors. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text: line } of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = headingSlug(heading);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? '');
  }
  return anchors;
}

/** The link targets of a Markdown text (inline links and images, outside code), with their lines. */
function linksOf(text: string): { line: number; target: string }[] {
  return proseLines(text).flatMap(({ line, text: prose }) => {
    const withoutCode = prose.replace(/`[^`]*`/g, '');
    return [...withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => ({
      line,
      target: match[1] ?? '',
    }));
  });
}

/**
 * The links of the Markdown files under `root` that lead nowhere: a relative path to no file or
 * folder, or a `#heading` that the target document (or the document itself) does not have. Links to
 * other sites (`https:`, `mailto:`) are not followed.
 */
export function brokenLinks(root: string, documents: readonly string[] = markdownFiles(root)): BrokenLink[] {
  const anchorCache = new Map<string, Set<string>>();
  const anchorsIn = (path: string) => {
    let anchors = anchorCache.get(path);
    if (anchors === undefined) {
      anchors = anchorsOf(readFileSync(path, 'utf8'));
      anchorCache.set(path, anchors);
    }
    return anchors;
  };
  return documents.flatMap((document) => {
    const source = join(root, document);
    return linksOf(readFileSync(source, 'utf8')).flatMap(({ line, target }): BrokenLink[] => {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return [];
      const [pathPart = '', anchor] = target.split('#', 2);
      const path = pathPart === '' ? source : resolve(dirname(source), decodeURIComponent(pathPart));
      const broken = (problem: string) => [{ document, line, target, problem }];
      if (relative(root, path).startsWith('..')) return broken('leads outside the repository');
      if (!existsSync(path)) return broken('no such file or folder');
      if (anchor === undefined || anchor === '') return [];
      if (statSync(path).isDirectory() || !path.endsWith('.md')) return [];
      return anchorsIn(path).has(anchor) ? [] : broken(`no heading #${anchor} in ${relative(root, path)}`);
    });
  });
}
