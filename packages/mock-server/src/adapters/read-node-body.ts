import type { IncomingMessage } from 'node:http';
import { MAX_BODY_BYTES } from '../http/read-body.ts';
import type { CutOffSignal } from './cut-off.ts';

/**
 * Reads a request body up to {@link MAX_BODY_BYTES}, as `readLimited` reads the `Request` made of it:
 * `undefined` when it is longer (the rest is left paused, for the server to drain before answering).
 * Rejects when the client goes away or `cutOff` aborts (the request took longer than its timeout).
 */
export function readNodeBody(
  incoming: IncomingMessage,
  cutOff?: CutOffSignal,
): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      cutOff?.removeEventListener('abort', onAbort);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.byteLength;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      // Too large: stop keeping it; the rest is drained before the 413 is sent.
      stop();
      incoming.pause();
      resolve(undefined);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error): void => {
      stop();
      reject(error);
    };
    const onAbort = (): void => onError(new Error('The request body was cut off.'));
    if (cutOff?.aborted === true) {
      onAbort();
      return;
    }
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    cutOff?.addEventListener('abort', onAbort);
  });
}
