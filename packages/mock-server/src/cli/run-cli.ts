import { type CliIo, type CliOutcome, CliRefusal } from './cli-io.ts';

// Each command's module is loaded when that command runs, so `serve` reaches its first line without
// compiling the client commands (and `trigger` without the server).
const loadServe = () => import('./serve/serve-command.ts');
const loadTrigger = () => import('./trigger/trigger-command.ts');
const loadVerify = () => import('./verify/command.ts');
const loadCoverage = () => import('./coverage/coverage-command.ts');

/** The usage text `glm-mock --help` prints: every command's, so it loads them all. */
async function usageText(): Promise<string> {
  const [serve, trigger, verify, coverage] = await Promise.all([
    loadServe(),
    loadTrigger(),
    loadVerify(),
    loadCoverage(),
  ]);
  return `${serve.SERVE_USAGE}\n\n${trigger.TRIGGER_USAGE}\n\n${verify.VERIFY_USAGE}\n\n${coverage.COVERAGE_USAGE}\n\ntrigger, verify and coverage read GLM_BASE_URL and GLM_API_KEY when --base-url (--against) and --key are not given.`;
}

/** The usage each subcommand prints for `glm-mock <command> --help` (serve's includes the others'). */
const SUBCOMMAND_USAGE: Readonly<Record<string, () => Promise<string>>> = {
  trigger: async () =>
    `Usage: ${(await loadTrigger()).TRIGGER_USAGE.trimStart()}\n\nReads GLM_BASE_URL and GLM_API_KEY when --base-url and --key are not given.`,
  verify: async () => `Usage: ${(await loadVerify()).VERIFY_USAGE.trimStart()}`,
  coverage: async () =>
    `Usage: ${(await loadCoverage()).COVERAGE_USAGE.trimStart()}\n\nReads GLM_BASE_URL and GLM_API_KEY when --base-url and --key are not given.`,
};

const isHelp = (arg: string | undefined): boolean => arg === '--help' || arg === '-h' || arg === 'help';

/**
 * Runs the `glm-mock` command line in-process: `serve` starts the reference server and answers
 * it running (its first stdout line is `glm-mock listening on <url>`, then the keys and the dashboard
 * address); `--help` (alone or after `serve`) prints the usage and exits 0; a bad option, key, port or seed file is refused on stderr with
 * exit code 2 and nothing left listening. `trigger <event-type>` asks a running server for that event
 * (`POST /v2/test_helpers/triggers`, with `--set` overrides and existing objects) and exits 0;
 * `trigger --list` prints the types. An unknown type, a live key (refused before any request), an
 * unreachable server, or an unknown field or object the server refuses is one line on stderr and exit
 * code 2; a flow the server cannot run (an object in the wrong state) is one line and exit code 1. The
 * caller owns the process: `main.ts` stops the server on SIGINT/SIGTERM and sets the exit code.
 *
 * @example
 * const outcome = await runCli(['serve', '--port', '0'], { stdout, stderr, env: {} });
 * if (outcome.kind === 'serving') await outcome.server.close();
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<CliOutcome> {
  const [command, ...rest] = argv;
  const ownUsage = SUBCOMMAND_USAGE[command ?? ''];
  if (ownUsage !== undefined && rest.some(isHelp)) {
    io.stdout.write(`${await ownUsage()}\n`);
    return { kind: 'exit', code: 0 };
  }
  try {
    if (command === 'serve') return await (await loadServe()).serveCommand(rest, io, usageText);
    if (command === 'trigger') return await (await loadTrigger()).triggerCommand(rest, io);
    if (command === 'verify')
      return { kind: 'exit', code: await (await loadVerify()).verifyCommand(rest, io) };
    if (command === 'coverage') return await (await loadCoverage()).coverageCommand(rest, io);
    if (command === undefined || isHelp(command)) {
      io.stdout.write(`${await usageText()}\n`);
      return { kind: 'exit', code: 0 };
    }
    throw new CliRefusal(`unknown command ${command}`);
  } catch (error) {
    // parseArgs refuses unknown or malformed options with a TypeError whose message names the option.
    const message = error instanceof Error ? error.message : String(error);
    // trigger's and coverage's refusals are one line (scripts read them); serve's add the usage.
    const usage =
      command !== 'trigger' && command !== 'coverage' && !(error instanceof CliRefusal && !error.usage);
    io.stderr.write(usage ? `glm-mock: ${message}\n\n${await usageText()}\n` : `glm-mock: ${message}\n`);
    return { kind: 'exit', code: 2 };
  }
}
