// The names the READMEs' fragments leave to the reader (`fulfil`, `redis`, the `glm` of the quick
// start…), declared once so that everything else in the fragments is checked against the real types.
// A new fragment that uses a new free name fails the check until the name is declared here (or the
// fragment defines it).
import type { Glm } from '@glm/sdk';
import type {
  createWebhookHandler as CreateWebhookHandler,
  EventOfType,
  verifyWebhook as VerifyWebhook,
} from '@glm/sdk/webhooks';

declare global {
  /** Imported by an earlier fragment of the same section. */
  const createWebhookHandler: typeof CreateWebhookHandler;
  /** Imported by an earlier fragment of the same section. */
  const verifyWebhook: typeof VerifyWebhook;
  /** The client of the SDK README's quick start. */
  const glm: Glm;
  /** The endpoint's webhook secret. */
  const secret: string;
  /** The incoming webhook request of a Fetch-style route. */
  const request: Request;
  /** A Fetch-style webhook route under test. */
  const POST: (request: Request) => Promise<Response>;
  /** A checkout URL the page received from its server. */
  const checkoutUrl: string;
  /** An iframe the page created itself. */
  const iframe: HTMLIFrameElement;
  /** A node-redis v4 client. */
  const redis: {
    set(key: string, value: string, options: { NX: true; EX: number }): Promise<string | null>;
    del(key: string): Promise<number>;
  };
  /** The merchant's own functions. */
  function fulfil(orderId: string): Promise<void>;
  function fulfilOrder(event: EventOfType<'order.completed'>): Promise<void>;
  function markRefunded(orderId: string, paymentStatus: string): Promise<void>;
  function holdUntilCaptured(orderId: string): Promise<void>;
  function releaseOrder(orderId: string): Promise<void>;
  function showCart(): void;
  function showBanner(message: string): void;
  function reportToMonitoring(message: string): void;
  function confirm(checkoutId: string, orderId: string): void;
}
