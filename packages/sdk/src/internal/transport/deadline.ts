/** A whole call's time limit: `ms` from its start, passing at `at` (`Date.now()` time). */
export interface Deadline {
  readonly ms: number;
  readonly at: number;
  /** Aborts when the deadline passes or the caller's signal aborts: ky is handed this one. */
  readonly signal: AbortSignal;
  /** Aborts when the deadline passes, and only then. */
  readonly passed: AbortSignal;
  readonly cancel: () => void;
}

/**
 * ky's `timeout` is one length for every attempt, and a call's remaining time shrinks: the deadline is a
 * timer of its own (the global `setTimeout`, which fake timers drive) joined with the caller's signal.
 */
export function deadlineOf(ms: number, callerSignal: AbortSignal | undefined): Deadline {
  const own = new AbortController();
  const pass = (): void => own.abort(new DOMException('the call passed its deadline', 'TimeoutError'));
  if (ms <= 0) pass();
  const timer = setTimeout(pass, ms);
  const signal = callerSignal === undefined ? own.signal : AbortSignal.any([callerSignal, own.signal]);
  return { ms, at: Date.now() + ms, signal, passed: own.signal, cancel: () => clearTimeout(timer) };
}
