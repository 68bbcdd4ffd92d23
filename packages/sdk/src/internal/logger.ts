import { redact, redactText } from './redact.ts';

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

const RANK: Readonly<Record<LogLevel, number>> = { debug: 0, info: 1, warn: 2, error: 3, off: 4 };

/** Reads a level name (e.g. from `GLM_LOG`); undefined for anything else. */
export function parseLogLevel(value: string | undefined): LogLevel | undefined {
  const level = value?.trim().toLowerCase();
  return level !== undefined && Object.hasOwn(RANK, level) ? (level as LogLevel) : undefined;
}

/**
 * Wraps a logger so that lines below `level` are dropped and every message and detail is redacted
 * before it leaves the SDK.
 */
export function filteredLogger(target: Logger, level: LogLevel): Logger {
  const emit =
    (method: Exclude<LogLevel, 'off'>) =>
    (message: string, details?: Record<string, unknown>): void => {
      if (RANK[method] < RANK[level]) return;
      const line = `[glm] ${redactText(message)}`;
      if (details === undefined) target[method](line);
      else target[method](line, redact(details) as Record<string, unknown>);
    };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
