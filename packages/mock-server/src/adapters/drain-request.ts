import type { IncomingMessage } from 'node:http';
import type { CutOffSignal } from './cut-off.ts';

/**
 * How much of a request body the standalone server reads and discards, after answering without it (a
 * body over the 1 MiB limit, a refusal given before the body was read), so that a client still sending
 * sees the answer: 32 MiB. A longer body gets the answer and the connection is closed under it.
 */
export const MAX_DRAIN_BYTES = 32 * 1024 * 1024;

/**
 * Reads and discards what is left of a request body, up to `limit` bytes. Answers `true` once the body
 * has ended (the connection can serve the next request), `false` when more than `limit` bytes remained or
 * the client went away or `cutOff` aborted (the answer must close the connection). Until it settles the client can keep
 * writing; an answer sent before it would be followed by a close that resets the client's writes (EPIPE),
 * often before the client read the answer.
 */
export function drainRequest(
  incoming: IncomingMessage,
  limit: number = MAX_DRAIN_BYTES,
  cutOff?: CutOffSignal,
): Promise<boolean> {
  if (incoming.readableEnded || incoming.complete) return Promise.resolve(true);
  if (cutOff?.aborted === true) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const settle = (ended: boolean): void => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('close', onClose);
      incoming.off('error', onClose);
      cutOff?.removeEventListener('abort', onAbort);
      if (!ended) incoming.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer): void => {
      seen += chunk.byteLength;
      if (seen > limit) settle(false);
    };
    const onEnd = (): void => settle(true);
    const onClose = (): void => settle(incoming.complete);
    const onAbort = (): void => settle(false);
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('close', onClose);
    incoming.on('error', onClose);
    cutOff?.addEventListener('abort', onAbort);
    incoming.resume();
  });
}
