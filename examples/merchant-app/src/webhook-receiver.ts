// The merchant's webhook endpoint: a plain `node:http` server in the app's own process that verifies
// every delivery with `verifyWebhook` and its default options (the receiver's real clock, 300 s of
// tolerance), keeps what it accepted and what it refused, and answers 200 or 400.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isWebhookVerificationError, verifyWebhook, type WebhookEvent } from '@glm/sdk/webhooks';

/** One delivery the receiver verified. */
export interface AcceptedDelivery {
  /** The verified event. */
  readonly event: WebhookEvent;
  /** The `x-webhook-id` header (the event id, D24). */
  readonly webhookId: string | undefined;
  /** The `x-webhook-attempt` header. */
  readonly attempt: string | undefined;
  /** The `t` of `x-service-signature`, in unix seconds. */
  readonly signedAt: number | undefined;
  /** When it arrived, on the receiver's clock (epoch ms). */
  readonly receivedAt: number;
}

/** One delivery the receiver refused, with `verifyWebhook`'s reason. */
export interface RefusedDelivery {
  readonly reason: string;
  readonly webhookId: string | undefined;
}

/** A running receiver. */
export interface WebhookReceiver {
  /** Where to register it: `http://127.0.0.1:<port>/webhooks/glm`. */
  readonly url: string;
  /** Sets the signing secret, known once the endpoint is registered (the answer shows it once). */
  useSecret(secret: string): void;
  /** Every verified delivery, in arrival order (redeliveries included). */
  readonly accepted: readonly AcceptedDelivery[];
  /** Every refused delivery. */
  readonly refused: readonly RefusedDelivery[];
  /** Resolves with the first accepted delivery that matches, waiting for it up to `timeoutMs`. */
  waitFor(match: (delivery: AcceptedDelivery) => boolean, timeoutMs?: number): Promise<AcceptedDelivery>;
  /** Stops listening. */
  close(): Promise<void>;
}

const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

async function rawBody(request: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Starts the receiver on 127.0.0.1 and a free port. `onEvent`, the shop's handling, runs on every
 * verified event before the `200` (a throw answers `400`, so the service retries the delivery): it must
 * acknowledge the types it does not act on, as `shop-events.ts` does.
 */
export async function startWebhookReceiver(
  onEvent: (event: WebhookEvent) => unknown = () => undefined,
): Promise<WebhookReceiver> {
  let secret: string | undefined;
  const accepted: AcceptedDelivery[] = [];
  const refused: RefusedDelivery[] = [];
  const waiters = new Set<() => void>();

  const server = createServer(async (request, response) => {
    const webhookId = header(request, 'x-webhook-id');
    try {
      if (secret === undefined) throw new Error('no webhook secret configured yet');
      const body = await rawBody(request);
      // Default options on purpose: the receiver's own Date.now(), the default tolerance.
      const event = await verifyWebhook({ body, headers: request.headers, secret });
      onEvent(event);
      const signedAt = /(?:^|,)t=(\d+)/.exec(header(request, 'x-service-signature') ?? '')?.[1];
      accepted.push({
        event,
        webhookId,
        attempt: header(request, 'x-webhook-attempt'),
        signedAt: signedAt === undefined ? undefined : Number(signedAt),
        receivedAt: Date.now(),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      for (const wake of waiters) wake();
    } catch (error) {
      const reason = isWebhookVerificationError(error)
        ? error.reason
        : error instanceof Error
          ? error.message
          : String(error);
      refused.push({ reason, webhookId });
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_webhook"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/webhooks/glm`,
    useSecret: (value) => {
      secret = value;
    },
    accepted,
    refused,
    waitFor: (match, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = accepted.find(match);
          if (found === undefined) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const reasons = new Map<string, number>();
          for (const { reason } of refused) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
          const why = [...reasons].map(([reason, count]) => `${count} × ${reason}`).join(', ');
          reject(
            new Error(
              `no matching delivery within ${timeoutMs} ms: ${accepted.length} accepted, ${refused.length} refused${refused.length > 0 ? ` (${why})` : ''}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}
