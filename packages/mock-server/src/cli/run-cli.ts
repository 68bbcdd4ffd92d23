import { type CliIo, type CliOutcome, CliRefusal } from './cli-io.ts';
import { CLI_COMMANDS } from './commands.ts';

/** "a", "a and b", "a, b and c". */
const listed = (names: readonly string[]): string =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** The usage text `glm-mock --help` prints: every command's, so it loads them all. */
async function usageText(): Promise<string> {
  const commands = [...CLI_COMMANDS];
  const usages = await Promise.all(commands.map(([, command]) => command.usage()));
  const clients = commands.filter(([, command]) => command.readsServerEnvironment).map(([name]) => name);
  return `${usages.join('\n\n')}\n\n${listed(clients)} read GLM_BASE_URL and GLM_API_KEY when --base-url (--against) and --key are not given.`;
}

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
  const entry = command === undefined ? undefined : CLI_COMMANDS.get(command);
  if (entry?.ownUsage !== undefined && rest.some(isHelp)) {
    io.stdout.write(`${await entry.ownUsage()}\n`);
    return { kind: 'exit', code: 0 };
  }
  try {
    if (entry !== undefined) return await entry.run(rest, io, usageText);
    if (command === undefined || isHelp(command)) {
      io.stdout.write(`${await usageText()}\n`);
      return { kind: 'exit', code: 0 };
    }
    throw new CliRefusal(
      `unknown command ${command}: the commands are ${listed([...CLI_COMMANDS.keys()])} (glm-mock --help shows their options)`,
      { usage: false },
    );
  } catch (error) {
    // parseArgs refuses unknown or malformed options with a TypeError whose message names the option.
    const message = error instanceof Error ? error.message : String(error);
    // A client command's refusals may be one line (scripts read them); serve's add the usage.
    const usage = !entry?.oneLineRefusals && !(error instanceof CliRefusal && !error.usage);
    io.stderr.write(usage ? `glm-mock: ${message}\n\n${await usageText()}\n` : `glm-mock: ${message}\n`);
    return { kind: 'exit', code: 2 };
  }
}
