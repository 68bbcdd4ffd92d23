import type { Logger } from '../logging.ts';

/**
 * The default log sink: the runtime's console, looked up at call time. It only receives what the
 * level lets through (`warn` and above unless `logLevel`/`GLM_LOG` says otherwise), already redacted.
 */
export const consoleLogger: Logger = {
  debug: (message, details) => sink()?.debug(message, ...(details === undefined ? [] : [details])),
  info: (message, details) => sink()?.info(message, ...(details === undefined ? [] : [details])),
  warn: (message, details) => sink()?.warn(message, ...(details === undefined ? [] : [details])),
  error: (message, details) => sink()?.error(message, ...(details === undefined ? [] : [details])),
};

function sink(): Logger | undefined {
  return (globalThis as { console?: Logger }).console;
}
