import { z } from 'zod';

/** The success envelope of checkout endpoints. */
export type CheckoutEnvelope<T> = {
  success: true;
  message: string;
  data: T;
  metadata: { request_id: string };
};

/**
 * Builds the schema of a checkout success envelope: `{success: true, message, data,
 * metadata: {request_id}}`. Every other endpoint answers the bare resource.
 */
export function CheckoutEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    message: z.string(),
    data,
    metadata: z.object({ request_id: z.string() }),
  });
}
