/**
 * A response's whole body as bytes. When `signal` aborts (the attempt's timeout, the deadline or the
 * caller: the request's signal carries all three) the read rejects with its reason, even from a `fetch`
 * that ignores the signal, so a body that stalls after the headers ends like slow headers do.
 */
export function readBody(response: Response, signal: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const stop = (): void => reject(signal.reason);
    signal.throwIfAborted();
    signal.addEventListener('abort', stop);
    response
      .arrayBuffer()
      .then((buffer) => resolve(new Uint8Array(buffer)), reject)
      .finally(() => signal.removeEventListener('abort', stop));
  });
}
