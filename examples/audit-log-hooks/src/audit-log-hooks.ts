import type { HookContext, Hooks } from '@glm/sdk';

/** One line of the audit log. */
export interface AuditEntry {
  /** When the line was written (ISO 8601). */
  readonly at: string;
  /** What happened: an attempt about to be sent, an answer, a retry, the call's failure. */
  readonly event: 'attempt' | 'answer' | 'retry' | 'failure';
  /** The merchant or job on whose behalf the call was made (the `actor` given to {@link auditLogHooks}). */
  readonly actor: string;
  readonly callId: string;
  readonly method: string;
  readonly path: string;
  readonly attempt: number;
  readonly idempotencyKey: string | null;
  readonly requestId: string | null;
  readonly status: number | null;
  readonly durationMs: number | null;
  /** The error's class and code, for a retry or a failure. */
  readonly error: string | null;
}

/** Where lines go: an append-only store (a file, a table, a log pipeline). Awaited before the call goes on. */
export type AuditSink = (entry: AuditEntry) => void | Promise<void>;

function line(
  event: AuditEntry['event'],
  actor: string,
  context: HookContext,
  error?: Error & { code?: unknown },
): AuditEntry {
  return {
    at: new Date().toISOString(),
    event,
    actor,
    callId: context.callId,
    method: context.method,
    path: context.path,
    attempt: context.attempt,
    idempotencyKey: context.idempotencyKey ?? null,
    requestId: context.requestId ?? null,
    status: context.status ?? null,
    durationMs: context.durationMs === undefined ? null : Math.round(context.durationMs),
    error:
      error === undefined ? null : `${error.name}${typeof error.code === 'string' ? ` ${error.code}` : ''}`,
  };
}

/**
 * Hooks that write every payment call to an audit log: a line before each attempt is sent (so a request
 * that reaches the service has its line already), one per answer, one per retry and one when the call
 * fails. The sink is awaited; if it throws, the call ends with that error before anything more is sent,
 * so no attempt goes out unrecorded. Lines hold no key, header or body (the hooks are told none).
 */
export function auditLogHooks(actor: string, sink: AuditSink): Hooks {
  return {
    beforeRequest: [(context) => sink(line('attempt', actor, context))],
    afterResponse: [(context) => sink(line('answer', actor, context))],
    beforeRetry: [(context) => sink(line('retry', actor, context, context.error))],
    onError: [(context) => sink(line('failure', actor, context, context.error))],
  };
}
