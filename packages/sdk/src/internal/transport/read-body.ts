/**
 * Reads a response's whole body as bytes, with one stream reader (a few microseconds less than
 * `arrayBuffer()`, which copies what it collected once more). When `signal` aborts (the attempt's
 * timeout, the deadline or the caller's signal: the request's own signal carries all three) the reader is
 * cancelled and the read rejects with the signal's reason, so a body that stalls after the headers ends
 * like slow headers do, even from a `fetch` that ignores the signal.
 */
export async function readBody(response: Response, signal: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let length = 0;
  const reader = response.body?.getReader();
  if (reader !== undefined) {
    signal.throwIfAborted();
    // Cancelling the reader ends a pending `read()` with `done`; the reason is then thrown below.
    const stop = (): void => void reader.cancel(signal.reason).catch(() => undefined);
    signal.addEventListener('abort', stop);
    try {
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        // What `arrayBuffer()` refuses too.
        if (!(part.value instanceof Uint8Array)) throw new TypeError('The response body is not bytes.');
        chunks.push(part.value as Uint8Array<ArrayBuffer>);
        length += part.value.byteLength;
      }
      signal.throwIfAborted();
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array<ArrayBuffer>;
  const bytes = new Uint8Array(length);
  length = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, length);
    length += chunk.byteLength;
  }
  return bytes;
}
