import { BODY_TOO_LARGE, createDeliveryProcessor, type WebhookHandlerOptions } from './process-delivery.ts';

/**
 * The parts of Node's `IncomingMessage` the handler uses (typed structurally: the SDK has no
 * `@types/node`). Express, Fastify (`request.raw`), Koa (`ctx.req`) and `node:http` all fit.
 */
export interface NodeWebhookRequest extends AsyncIterable<Uint8Array | string> {
  /** The HTTP method. */
  readonly method?: string | undefined;
  /** Node's lower-cased headers. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /**
   * Set by body-parsing middleware. A `Buffer` or string (`express.raw()`, `express.text()`) is used as
   * the raw body; a parsed object cannot be verified and is refused (`body_not_raw`).
   */
  readonly body?: unknown;
}

/** The parts of Node's `ServerResponse` the handler uses. */
export interface NodeWebhookResponse {
  /** The status code to send. */
  statusCode: number;
  /** Sets one response header. */
  setHeader(name: string, value: string): unknown;
  /** Sends the body and ends the response. */
  end(body: string): unknown;
}

/** Options of {@link createNodeWebhookHandler}: those of `createWebhookHandler`, plus a body size cap. */
export type NodeWebhookHandlerOptions = WebhookHandlerOptions & {
  /** Largest body read from the stream, in bytes; a larger one is answered 413. Default 1 MiB. */
  readonly maxBodyBytes?: number;
};

/**
 * Builds a webhook endpoint for Node `(req, res)` servers: `node:http`, Express, Fastify's raw request,
 * Koa. It reads the raw body from the request stream itself, so mount it before any JSON body parser
 * (or after `express.raw({ type: 'application/json' })`). Answers as `createWebhookHandler` does.
 *
 * @example
 * app.post('/webhooks/glm', createNodeWebhookHandler({ secret, on: { 'order.completed': fulfil } }));
 */
export function createNodeWebhookHandler(
  options: NodeWebhookHandlerOptions,
): (req: NodeWebhookRequest, res: NodeWebhookResponse) => Promise<void> {
  const process = createDeliveryProcessor(options);
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  return async (req, res) => {
    const method = req.method ?? 'GET';
    const body = method.toUpperCase() === 'POST' ? await readBody(req, maxBodyBytes) : '';
    const answer = await process({ method, headers: req.headers, body });
    res.statusCode = answer.status;
    res.setHeader('content-type', 'application/json');
    if (answer.status === 405) res.setHeader('allow', 'POST');
    res.end(answer.body);
  };
}

// Returns what verification should see: the parser's raw body, the streamed bytes, or the parsed object
// (which verification then refuses as `body_not_raw`).
async function readBody(req: NodeWebhookRequest, maxBytes: number): Promise<unknown> {
  if (req.body !== undefined) return req.body;
  const chunks: Uint8Array[] = [];
  let length = 0;
  const encoder = new TextEncoder();
  for await (const chunk of req) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    length += bytes.byteLength;
    if (length > maxBytes) return BODY_TOO_LARGE;
    chunks.push(bytes);
  }
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
