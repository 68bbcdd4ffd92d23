// Public logging types: the `logger` and `logLevel` options of the client.

/** How much the client logs: each level includes the ones after it; `off` logs nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

/** Where log lines go. `console` fits; so do pino, winston and most structured loggers. */
export interface Logger {
  /** Every attempt (URL, redacted headers and body), every answer, and how a failed call ended. */
  debug(message: string, details?: Record<string, unknown>): void;
  /** Retries: what failed and how long the client waits before the next attempt. */
  info(message: string, details?: Record<string, unknown>): void;
  /** Responses that broke the contract under `validateResponses: 'warn'`. */
  warn(message: string, details?: Record<string, unknown>): void;
  /** Part of the interface so any console-like logger fits; the client sends nothing here, since every failed call throws to its caller. */
  error(message: string, details?: Record<string, unknown>): void;
}
