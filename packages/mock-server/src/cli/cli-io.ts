import type { RunningServer } from '../adapters/node.ts';

/** Where the CLI writes: `process.stdout`/`process.stderr`, or a collector in tests. */
interface CliOutput {
  /** Writes one chunk of text. */
  write(chunk: string): unknown;
}

/** What the CLI runs against: its output streams and its environment. */
export interface CliIo {
  /** Normal output: the listening line, keys, addresses, usage on `--help`. */
  readonly stdout: CliOutput;
  /** Refusals: a clear message and the usage. */
  readonly stderr: CliOutput;
  /** Environment variables (`process.env`). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** What a CLI run ends with: an exit code, or a running server that the caller stops on a signal. */
export type CliOutcome =
  | { readonly kind: 'exit'; readonly code: number }
  | { readonly kind: 'serving'; readonly server: RunningServer };

/** A refusal of the command line (a bad option, key, port or file): one message, exit code 2. */
export class CliRefusal extends Error {}
