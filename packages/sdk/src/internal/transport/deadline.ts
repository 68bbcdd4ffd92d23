/**
 * A whole call's time limit: a timer that aborts `signal` (joined with the caller's, when given) at
 * `at`. ky's `timeout` is one fixed length for every attempt, so the deadline has its own timer; ky is
 * handed `signal`, which ends the attempt in flight, and the retry decision refuses a wait that would end
 * past `at`. The global `setTimeout` is used (not `AbortSignal.timeout`), so fake timers drive it in tests.
 */
export class Deadline {
  /** The limit, in ms from the start of the call. */
  readonly ms: number;
  /** When it passes, in `Date.now()` milliseconds. */
  readonly at: number;
  /** Aborts when the deadline passes or the caller's signal aborts. */
  readonly signal: AbortSignal;
  readonly #controller = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout>;

  constructor(ms: number, callerSignal: AbortSignal | undefined) {
    this.ms = ms;
    this.at = Date.now() + ms;
    const controller = this.#controller;
    this.#timer = setTimeout(
      () => controller.abort(new DOMException('the call passed its deadline', 'TimeoutError')),
      ms,
    );
    this.signal =
      callerSignal === undefined ? controller.signal : AbortSignal.any([callerSignal, controller.signal]);
  }

  /** True once the deadline has passed. */
  get passed(): boolean {
    return this.#controller.signal.aborted;
  }

  /** Stops the timer (the call is over). */
  cancel(): void {
    clearTimeout(this.#timer);
  }
}
