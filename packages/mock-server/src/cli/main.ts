import type { CliOutcome } from './cli-io.ts';
import { runCli } from './run-cli.ts';

// The process side of the CLI: real streams and environment in, exit code out; a running server is
// closed cleanly on SIGINT or SIGTERM. The command logic lives in run-cli.ts.
function settle(outcome: CliOutcome): void {
  if (outcome.kind === 'exit') {
    process.exitCode = outcome.code;
    return;
  }
  const stop = (): void => {
    outcome.server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
  settle,
  (error: unknown) => {
    process.stderr.write(`glm-mock: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
