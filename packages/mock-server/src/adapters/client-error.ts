import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Answer } from '../http/answer.ts';
import { refusalAnswer } from '../http/answer.ts';
import type { Refuse, RefusedTarget } from '../http/pipeline/reply.ts';
import { rawHttpReply, unservedMethod } from './transport-refusal.ts';

/** A parse or timeout error of `node:http`, as its `clientError` event gives it. */
interface ClientError extends Error {
  readonly code?: string;
  readonly rawPacket?: Buffer;
}

/** What a client that `node:http` could not read is answered, by the parser's error code. */
function answerFor(error: ClientError, method: string): Answer {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return refusalAnswer(
        'request_header_fields_too_large',
        'The request headers are too large: at most 16 KiB of headers are read.',
      );
    case 'HPE_INVALID_METHOD':
      return unservedMethod(method === '' ? 'This method' : method, 'the server does not know it.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return refusalAnswer('request_timeout', 'The request was not received in time; send it again.');
    default:
      return refusalAnswer('invalid_request', 'Malformed HTTP request: the server could not read it.');
  }
}

/** The method and target of the request line, as far as the raw bytes the parser saw carry them. */
function targetOf(error: ClientError): RefusedTarget {
  const line = error.rawPacket?.subarray(0, 8192).toString('latin1').split('\r\n', 1)[0] ?? '';
  const [method = '', target = ''] = line.split(' ');
  const at = target.indexOf('?');
  return {
    method: /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}$/.test(method) ? method : '',
    path: (at === -1 ? target : target.slice(0, at)).slice(0, 2048),
    query: at === -1 ? '' : target.slice(at + 1, at + 1 + 2048),
  };
}

/**
 * The `clientError` listener of the standalone server: a request `node:http` cannot read (headers over
 * 16 KiB, a method it does not know, a malformed request line, headers too slow to arrive) is answered in
 * the error body with an `x-request-id` and journaled through `refuse`, then the connection is closed.
 * A request whose headers arrived but whose body is too slow is left to `cutOff`, which stops its reading
 * so that its own handling answers `408` (and journals it once). On a connection with an answer still
 * going out (to a pipelined request before it), the refusal follows that answer. A connection already
 * reset is closed without one.
 */
export function answerClientError(
  refuse: () => Refuse,
  cutOff: (socket: Socket) => boolean = () => false,
): (error: ClientError, socket: Socket) => void {
  return (error, socket) => {
    socket.on('error', () => undefined);
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && cutOff(socket)) return;
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const target = targetOf(error);
    const answer = (): void => {
      socket.end(rawHttpReply(refuse()(target, answerFor(error, target.method))));
    };
    // An answer to an earlier request on this connection (pipelined) goes out first, this one after it.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (inFlight === undefined || inFlight === null || inFlight.writableFinished) answer();
    else inFlight.once('finish', answer);
  };
}
