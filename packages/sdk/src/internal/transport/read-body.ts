/**
 * A response's whole body as bytes, read with a stream reader. It runs within ky's `timeout`, whose race
 * ends a body that stalls after the headers as it ends slow headers; the reader is then cancelled by the
 * request's signal (the attempt's timeout, the deadline or the caller's), even when the `fetch` ignores
 * that signal. A body of one chunk is that chunk; several are joined in a `Blob`.
 */
export async function readBody(response: Response, signal: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
  const reader = response.body?.getReader();
  if (reader === undefined) return new Uint8Array(0);
  const stop = (): void => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) chunks.push(part.value);
  } finally {
    signal.removeEventListener('abort', stop);
  }
  signal.throwIfAborted();
  if (chunks.length === 1) return chunks[0] as Uint8Array<ArrayBuffer>;
  return new Uint8Array(await new Blob(chunks).arrayBuffer());
}
