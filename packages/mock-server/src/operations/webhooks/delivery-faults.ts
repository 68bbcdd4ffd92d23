import type { Mode } from '@glm/domain';
import type { WebhookFaultPlan, WebhookFaultTarget } from '@glm/domain/test-helpers';
import { signatureHeader } from './transport/sign-delivery.ts';

/** A fault rule that caught one delivery attempt: its id and what it does to the attempt. */
export interface DeliveryFault {
  /** The rule's id (`flt_…`), which the attempt's record names. */
  readonly id: string;
  /** What it does to the attempt. */
  readonly plan: WebhookFaultPlan;
}

/**
 * Where the dispatcher asks whether a fault rule alters the attempt it is about to make: the service's
 * fault rules (test mode only), or nothing.
 */
export type DeliveryFaults = (mode: Mode, target: WebhookFaultTarget) => DeliveryFault | undefined;

/** No fault rules: every attempt is genuine. */
export const NO_DELIVERY_FAULTS: DeliveryFaults = () => undefined;

/** How old a `stale` signature's timestamp is: one hour, in seconds. */
const STALE_SECONDS = 3600;

/**
 * A secret that is not the endpoint's but looks like one: the endpoint's own characters after the
 * prefix, turned by one place (the secret a receiver still holds after a rotation it missed).
 */
function driftedSecret(secret: string): string {
  const prefix = 'whsec_';
  const body = secret.startsWith(prefix) ? secret.slice(prefix.length) : secret;
  const turned = `${body.slice(1)}${body.slice(0, 1)}`;
  return `${prefix}${turned === body ? `${body}x` : turned}`;
}

/** The signed headers of one attempt: `Authorization` and `x-service-signature`. */
export interface SignedHeaders {
  /** `Bearer <secret>`, or absent. */
  readonly authorization?: string;
  /** `t=<unix>,v1=<hex>`, or absent. */
  readonly 'x-service-signature'?: string;
}

/**
 * The authorization and signature headers of an attempt, altered as the fault says: `invalid` signs
 * another body, `stale` signs the body correctly with a timestamp an hour before `nowSeconds`, `missing`
 * leaves the header out, `wrong_secret` signs with a secret that is not the endpoint's; the bearer is
 * another secret (`invalid`) or none (`missing`). Without a fault both are genuine.
 */
export async function signedHeaders(
  secret: string,
  body: string,
  nowSeconds: number,
  plan: WebhookFaultPlan | undefined,
): Promise<SignedHeaders> {
  const signature = plan?.signature;
  const bearer = plan?.bearer;
  const signed =
    signature === 'missing'
      ? undefined
      : signature === 'invalid'
        ? await signatureHeader(secret, nowSeconds, `${body} `)
        : signature === 'stale'
          ? await signatureHeader(secret, nowSeconds - STALE_SECONDS, body)
          : signature === 'wrong_secret'
            ? await signatureHeader(driftedSecret(secret), nowSeconds, body)
            : await signatureHeader(secret, nowSeconds, body);
  const authorization =
    bearer === 'missing'
      ? undefined
      : bearer === 'invalid'
        ? `Bearer ${driftedSecret(secret)}`
        : `Bearer ${secret}`;
  return {
    ...(authorization === undefined ? {} : { authorization }),
    ...(signed === undefined ? {} : { 'x-service-signature': signed }),
  };
}
