import type { Logger, LogLevel } from '../logging.ts';
import { redact, redactText } from './redact.ts';

const RANK: Readonly<Record<LogLevel, number>> = { debug: 0, info: 1, warn: 2, error: 3, off: 4 };

/** Reads a level name (e.g. from `GLM_LOG`); undefined for anything else. */
export function parseLogLevel(value: string | undefined): LogLevel | undefined {
  const level = value?.trim().toLowerCase();
  return level !== undefined && Object.hasOwn(RANK, level) ? (level as LogLevel) : undefined;
}

/**
 * Wraps a logger so that lines below `level` are dropped and every message and detail is redacted
 * before it leaves the SDK. Without a `target`, lines go to the runtime's console, looked up at call time.
 */
export function filteredLogger(target: Logger | undefined, level: LogLevel): Logger {
  const emit =
    (method: Exclude<LogLevel, 'off'>) =>
    (message: string, details?: Record<string, unknown>): void => {
      if (RANK[method] < RANK[level]) return;
      const sink = target ?? (globalThis as { console?: Logger }).console;
      const line = `[glm] ${redactText(message)}`;
      if (details === undefined) sink?.[method](line);
      else sink?.[method](line, redact(details) as Record<string, unknown>);
    };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
