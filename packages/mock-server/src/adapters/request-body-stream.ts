import type { IncomingMessage } from 'node:http';

/** A request body as a web stream, and a way to let go of the request without destroying it. */
export interface RequestBodyStream {
  /** The body, read from the request as it is pulled. */
  readonly stream: ReadableStream<Uint8Array>;
  /** Stops feeding the stream (its listeners leave the request), so the rest can be drained. */
  readonly detach: () => void;
}

/**
 * Wraps a request's body as a web stream for `new Request`. Unlike `Readable.toWeb`, cancelling it (as
 * the body reader does past 1 MiB) only pauses the request instead of destroying it and its socket, so
 * the server can still drain the rest and answer.
 */
export function requestBodyStream(incoming: IncomingMessage): RequestBodyStream {
  let onData: (chunk: Buffer) => void = () => undefined;
  let onEnd: () => void = () => undefined;
  let onError: (error: Error) => void = () => undefined;
  const detach = (): void => {
    incoming.off('data', onData);
    incoming.off('end', onEnd);
    incoming.off('error', onError);
    incoming.pause();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      onData = (chunk) => {
        controller.enqueue(chunk);
        if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
      };
      onEnd = () => {
        detach();
        controller.close();
      };
      onError = (error) => {
        detach();
        controller.error(error);
      };
      incoming.on('data', onData);
      incoming.on('end', onEnd);
      incoming.on('error', onError);
    },
    pull() {
      incoming.resume();
    },
    cancel() {
      detach();
    },
  });
  return { stream, detach };
}
