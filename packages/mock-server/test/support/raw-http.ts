import { connect } from 'node:net';

/** An HTTP/1.1 answer read off a raw socket. */
export interface RawAnswer {
  /** The status code of the status line (0 when there was none). */
  readonly status: number;
  /** Header values by lower-case name (the last one when repeated). */
  readonly headers: Readonly<Record<string, string>>;
  /** The body text (the rest of the stream after the head). */
  readonly body: string;
  /** The socket error that ended the exchange, if any (`EPIPE`, `ECONNRESET`). */
  readonly error?: string;
}

/** Splits what a server wrote into its first answer's status, headers and body. */
export function parseRawAnswer(text: string, error?: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const head = end === -1 ? text : text.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  return {
    status,
    headers,
    body: end === -1 ? '' : text.slice(end + 4),
    ...(error === undefined ? {} : { error }),
  };
}

/**
 * Writes `request` (raw bytes: any method, any header) to the server at `url` and reads everything it
 * answers until it closes the connection (send `Connection: close`). A socket error ends the read and is
 * reported rather than thrown, so a test can assert that there was none. `keepOpen` leaves the client's
 * side open after the writes (a client that has not finished sending).
 */
export function rawExchange(
  url: string,
  request: string | Buffer,
  writes: readonly Buffer[] = [],
  { keepOpen = false }: { readonly keepOpen?: boolean } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname);
    let error: string | undefined;
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (cause: NodeJS.ErrnoException) => {
      error ??= cause.code ?? cause.message;
    });
    socket.on('close', () => resolve(parseRawAnswer(Buffer.concat(chunks).toString('utf8'), error)));
    socket.write(request);
    for (const write of writes) socket.write(write);
    if (!keepOpen) socket.end();
  });
}
