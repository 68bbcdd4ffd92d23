import type { CliIo, CliOutcome } from './cli-io.ts';

/** One command of `glm-mock`, as the usage, the per-command usage and the dispatch read it. */
export interface CliCommand {
  /** The command's part of the usage that `glm-mock --help` prints (loads the command's module). */
  readonly usage: () => Promise<string>;
  /**
   * What `glm-mock <command> --help` prints; none for a command that reads `--help` among its own
   * options (serve prints the whole usage).
   */
  readonly ownUsage: (() => Promise<string>) | undefined;
  /** Runs the command (loads its module); `usageText` resolves to the whole usage, for those that print it. */
  readonly run: (args: readonly string[], io: CliIo, usageText: () => Promise<string>) => Promise<CliOutcome>;
  /** Whether it is a client of a running server, reading `GLM_BASE_URL` and `GLM_API_KEY`. */
  readonly readsServerEnvironment: boolean;
  /** Whether a refusal is one line on stderr without the usage (scripts read those lines). */
  readonly oneLineRefusals: boolean;
}

/** A command as it is written: its module's loader, and its usage and run read from that module. */
interface CommandDefinition<Module> {
  readonly load: () => Promise<Module>;
  readonly usage: (module: Module) => string;
  /** The per-command usage, from the command's usage; omitted when the command reads `--help` itself. */
  readonly ownUsage?: (usage: string) => string;
  readonly run: (
    module: Module,
    args: readonly string[],
    io: CliIo,
    usageText: () => Promise<string>,
  ) => Promise<CliOutcome>;
  readonly readsServerEnvironment: boolean;
  readonly oneLineRefusals: boolean;
}

/** A command whose module is loaded only when its usage is read or it runs. */
function command<Module>(definition: CommandDefinition<Module>): CliCommand {
  const usage = async () => definition.usage(await definition.load());
  const { ownUsage } = definition;
  return {
    usage,
    ownUsage: ownUsage === undefined ? undefined : async () => ownUsage(await usage()),
    run: async (args, io, usageText) => definition.run(await definition.load(), args, io, usageText),
    readsServerEnvironment: definition.readsServerEnvironment,
    oneLineRefusals: definition.oneLineRefusals,
  };
}

const usageOf = (usage: string): string => `Usage: ${usage.trimStart()}`;
const withServerEnvironment = (usage: string): string =>
  `${usageOf(usage)}\n\nReads GLM_BASE_URL and GLM_API_KEY when --base-url and --key are not given.`;

/**
 * Every command of `glm-mock`, in the order the usage lists them. Each module is loaded when that
 * command runs, so `serve` reaches its first line without compiling the client commands (and `trigger`
 * without the server).
 */
export const CLI_COMMANDS: ReadonlyMap<string, CliCommand> = new Map([
  [
    'serve',
    command({
      load: () => import('./serve/serve-command.ts'),
      usage: (module) => module.SERVE_USAGE,
      run: (module, args, io, usageText) => module.serveCommand(args, io, usageText),
      readsServerEnvironment: false,
      oneLineRefusals: false,
    }),
  ],
  [
    'trigger',
    command({
      load: () => import('./trigger/trigger-command.ts'),
      usage: (module) => module.TRIGGER_USAGE,
      ownUsage: withServerEnvironment,
      run: (module, args, io) => module.triggerCommand(args, io),
      readsServerEnvironment: true,
      oneLineRefusals: true,
    }),
  ],
  [
    'verify',
    command({
      load: () => import('./verify/command.ts'),
      usage: (module) => module.VERIFY_USAGE,
      ownUsage: usageOf,
      run: async (module, args, io) => ({ kind: 'exit', code: await module.verifyCommand(args, io) }),
      readsServerEnvironment: true,
      oneLineRefusals: false,
    }),
  ],
  [
    'coverage',
    command({
      load: () => import('./coverage/coverage-command.ts'),
      usage: (module) => module.COVERAGE_USAGE,
      ownUsage: withServerEnvironment,
      run: (module, args, io) => module.coverageCommand(args, io),
      readsServerEnvironment: true,
      oneLineRefusals: true,
    }),
  ],
]);
