/**
 * What a body read or drain listens to for the request running out of time: the part of `AbortSignal`
 * they use, so an `AbortSignal` is one.
 */
export interface CutOffSignal {
  /** Whether the request was already cut off. */
  readonly aborted: boolean;
  /** Calls `listener` once the request is cut off. */
  addEventListener(type: 'abort', listener: () => void): void;
  /** Stops calling `listener`. */
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * What cuts off the request a connection is reading when it runs out of time: a {@link CutOffSignal}
 * that costs a plain object per request, where an `AbortController` (its signal, its event target)
 * was a measurable share of a standalone `GET`.
 */
export class CutOff implements CutOffSignal {
  #aborted = false;
  // Made by the first listener: most requests (every GET) never get one.
  #listeners: Set<() => void> | undefined = undefined;

  /** Whether {@link CutOff.abort} was called. */
  get aborted(): boolean {
    return this.#aborted;
  }

  /** Calls `listener` once on {@link CutOff.abort} (at once is never: check `aborted` first). */
  addEventListener(_type: 'abort', listener: () => void): void {
    if (this.#aborted) return;
    this.#listeners ??= new Set();
    this.#listeners.add(listener);
  }

  /** Stops calling `listener`. */
  removeEventListener(_type: 'abort', listener: () => void): void {
    this.#listeners?.delete(listener);
  }

  /** Cuts the request off: every listener is called once. */
  abort(): void {
    if (this.#aborted) return;
    this.#aborted = true;
    const listeners = [...(this.#listeners ?? [])];
    this.#listeners = undefined;
    for (const listener of listeners) listener();
  }
}
