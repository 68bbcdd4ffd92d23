/**
 * Reads at most the first `limit` bytes of an answer's body and decodes them as UTF-8 (a character cut
 * in half becomes U+FFFD), so the result never has more than `limit` characters. The rest is not read:
 * the stream is cancelled, so a huge or endless answer costs nothing.
 */
export async function readExcerpt(response: Response, limit: number): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const bytes = new Uint8Array(limit);
  let size = 0;
  for (;;) {
    if (size >= limit) {
      // Not awaited: cancelling a stalled stream may itself wait on the peer.
      reader.cancel().catch(() => undefined);
      break;
    }
    const { done, value } = await reader.read();
    if (done) break;
    const take = Math.min(value.byteLength, limit - size);
    bytes.set(value.subarray(0, take), size);
    size += take;
    if (take < value.byteLength) size = limit;
  }
  return new TextDecoder('utf-8').decode(bytes.subarray(0, size));
}
