/** A whole call's time limit (see {@link deadlineOf}). */
export interface Deadline {
  /** The limit, in ms from the start of the call. */
  readonly ms: number;
  /** When it passes, in `Date.now()` milliseconds. */
  readonly at: number;
  /** Aborts when the deadline passes or the caller's signal aborts. */
  readonly signal: AbortSignal;
  /** Aborts when the deadline passes (and only then). */
  readonly passed: AbortSignal;
  /** Stops the timer (the call is over). */
  readonly cancel: () => void;
}

/**
 * A timer that aborts `signal` (joined with the caller's, when given) `ms` from now. ky's `timeout` is one
 * fixed length for every attempt, so the deadline has its own timer; ky is handed `signal`, which ends the
 * attempt in flight, and the retry decision refuses a wait that would end past `at`. The global
 * `setTimeout` is used (not `AbortSignal.timeout`), so fake timers drive it in tests.
 */
export function deadlineOf(ms: number, callerSignal: AbortSignal | undefined): Deadline {
  const own = new AbortController();
  const pass = (): void => own.abort(new DOMException('the call passed its deadline', 'TimeoutError'));
  // A deadline of 0 or less has passed already: the call is refused before any attempt.
  if (ms <= 0) pass();
  const timer = setTimeout(pass, ms);
  return {
    ms,
    at: Date.now() + ms,
    signal: callerSignal === undefined ? own.signal : AbortSignal.any([callerSignal, own.signal]),
    passed: own.signal,
    cancel: () => clearTimeout(timer),
  };
}
