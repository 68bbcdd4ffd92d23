/** One chunk of a slow body: a tenth of a second's worth of bytes (at least one). */
export function slowChunkSize(rateBytesPerSecond: number): number {
  return Math.max(1, Math.ceil(rateBytesPerSecond / 10));
}

/** How long to wait after sending `size` bytes at `rateBytesPerSecond`, in milliseconds. */
export function slowChunkPause(size: number, rateBytesPerSecond: number): number {
  return (size * 1000) / rateBytesPerSecond;
}

/**
 * A body that yields at `rateBytesPerSecond`: a tenth of a second's worth of bytes at a time, each after
 * the pause the previous one earned, so the whole body takes about `bytes / rate` seconds to arrive.
 */
export function slowBodyStream(body: Uint8Array, rateBytesPerSecond: number): ReadableStream<Uint8Array> {
  const size = slowChunkSize(rateBytesPerSecond);
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= body.length) {
        controller.close();
        return;
      }
      const chunk = body.slice(offset, offset + size);
      offset += chunk.length;
      controller.enqueue(chunk);
      await new Promise((resolve) => setTimeout(resolve, slowChunkPause(chunk.length, rateBytesPerSecond)));
    },
  });
}
