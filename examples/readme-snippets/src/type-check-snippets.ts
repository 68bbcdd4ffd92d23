import { dirname, join } from 'node:path';
import ts from 'typescript';
import type { CodeBlock } from './code-blocks.ts';

/** A snippet to type-check: a code block and where it comes from. */
export interface Snippet {
  /** The README it comes from, e.g. `packages/sdk/README.md`. */
  readonly readme: string;
  readonly block: CodeBlock;
}

/** One type error in a snippet. */
export interface SnippetError {
  /** The README, e.g. `packages/sdk/README.md`. */
  readonly readme: string;
  /** The README line the error points at. */
  readonly line: number;
  /** That line's code, trimmed: a key that survives edits elsewhere in the README. */
  readonly text: string;
  /** The TypeScript error code. */
  readonly code: number;
  readonly message: string;
}

/** Options of {@link typeCheckSnippets}. */
export interface TypeCheckOptions {
  /** The tsconfig whose options (and package resolution, from its folder) the snippets get. */
  readonly tsconfig: string;
  /** Real files compiled with the snippets, e.g. ambient declarations of what the READMEs share. */
  readonly context: readonly string[];
}

/**
 * Type-checks each snippet as its own ES module (placed, in memory, beside the tsconfig so that package
 * imports resolve as they would for a merchant) and answers each one's errors, formatted with the
 * README line they point at. Snippets are illustrations, compiled as a merchant's strict project would:
 * unused names and `process.env.NAME` are allowed.
 */
export function typeCheckSnippets(snippets: readonly Snippet[], options: TypeCheckOptions): SnippetError[] {
  const config = ts.readConfigFile(options.tsconfig, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(options.tsconfig));
  const compilerOptions = {
    ...parsed.options,
    noUnusedLocals: false,
    noUnusedParameters: false,
    noPropertyAccessFromIndexSignature: false,
  };
  const directory = dirname(options.tsconfig);
  // `export {}` makes a block without imports a module too (top-level await, its own scope).
  const files = new Map(
    snippets.map((snippet, index) => [join(directory, `__snippet_${index}.ts`), snippet]),
  );
  const host = ts.createCompilerHost(compilerOptions);
  const { fileExists, readFile } = host;
  host.fileExists = (file) => files.has(file) || fileExists(file);
  host.readFile = (file) => {
    const snippet = files.get(file);
    return snippet === undefined ? readFile(file) : `${snippet.block.code}export {};\n`;
  };
  host.getSourceFile = (file, language) => {
    const text = host.readFile(file);
    return text === undefined ? undefined : ts.createSourceFile(file, text, language);
  };
  const program = ts.createProgram([...files.keys(), ...options.context], compilerOptions, host);

  return [...files].flatMap(([file, snippet]) => {
    const sourceFile = program.getSourceFile(file);
    const diagnostics = [
      ...program.getSyntacticDiagnostics(sourceFile),
      ...program.getSemanticDiagnostics(sourceFile),
    ];
    return diagnostics.map((diagnostic) => {
      const at =
        diagnostic.start === undefined
          ? 0
          : (sourceFile?.getLineAndCharacterOfPosition(diagnostic.start).line ?? 0);
      return {
        readme: snippet.readme,
        line: snippet.block.line + at,
        text: (snippet.block.code.split('\n')[at] ?? '').trim(),
        code: diagnostic.code,
        message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
      };
    });
  });
}
