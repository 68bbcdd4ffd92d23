import type { CliIo } from '../../src/cli/cli-io.ts';

/** A CLI environment that collects what the CLI writes: `io` to pass, `stdout()`/`stderr()` to read. */
export function collector(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: { write: (chunk: string) => out.push(chunk) },
    stderr: { write: (chunk: string) => err.push(chunk) },
    env,
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}
