import { createDeliveryProcessor, type WebhookHandlerOptions } from './process-delivery.ts';

/**
 * Builds a webhook endpoint for Fetch-style frameworks (Hono, Next.js route handlers, Remix, Bun.serve,
 * Deno.serve, Cloudflare Workers): `(request) => Promise<Response>`.
 *
 * It verifies the delivery, runs the handler for its `type` once per event id (a redelivery of an
 * event already processed is acknowledged without running it again), and answers 200 on success or
 * duplicate, 400 when verification fails, 405 for another method and 500 when the handler throws, so
 * the service retries later. Bodies never carry details; pass `onError` to log them.
 *
 * @example
 * // The secret: `secret`, else the GLM_WEBHOOK_SECRET environment variable.
 * export const POST = createWebhookHandler({
 *   on: {
 *     'order.completed': async (event) => fulfil(event.data.id),
 *   },
 * });
 */
export function createWebhookHandler(
  options: WebhookHandlerOptions,
): (request: Request) => Promise<Response> {
  const process = createDeliveryProcessor(options);
  return async (request) => {
    const answer = await process({ method: request.method, headers: request.headers, body: request });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (answer.status === 405) headers['allow'] = 'POST';
    return new Response(answer.body, { status: answer.status, headers });
  };
}
