import { z } from 'zod';
import { err, ok, type Result } from '../result.ts';

/** The request header that asks the reference server to answer as a later API version would. */
export const FUTURE_HEADER = 'Glm-Mock-Future';

/**
 * The additive changes a later API version may make, rehearsed on demand: `fields` (members the
 * contract does not name), `enums` (a status value it does not list), `events` (an event type it does
 * not name).
 */
export const FutureKind = z.enum(['fields', 'enums', 'events']);
/** One additive change future mode rehearses. */
export type FutureKind = z.infer<typeof FutureKind>;

/** Which additive changes are on: the answer of `GET`/`POST /v2/test_helpers/future`. */
export const FutureMode = z.object({ fields: z.boolean(), enums: z.boolean(), events: z.boolean() });
/** Which additive changes are on. */
export type FutureMode = z.infer<typeof FutureMode>;

/** The body of `POST /v2/test_helpers/future`: the changes to switch on (`true`) or off; the rest stay. */
export const FutureModeRequest = z.strictObject({
  fields: z.boolean().optional(),
  enums: z.boolean().optional(),
  events: z.boolean().optional(),
});
/** The body of `POST /v2/test_helpers/future`. */
export type FutureModeRequest = z.infer<typeof FutureModeRequest>;

/** Every change off: today's API. */
export const NO_FUTURE: FutureMode = Object.freeze({ fields: false, enums: false, events: false });

/**
 * Reads a list of changes, as the `Glm-Mock-Future` header and `glm-mock serve --future` write it:
 * `fields`, `enums` and `events` separated by commas (spaces ignored), any subset. Anything else is
 * refused with a message naming it.
 */
export function parseFutureList(text: string, what = FUTURE_HEADER): Result<FutureMode, 'invalid_request'> {
  const names = text.split(',').map((name) => name.trim().toLowerCase());
  if (names.every((name) => name === '')) {
    return err('invalid_request', `Invalid ${what}: it is empty (try fields,enums,events).`, what);
  }
  const mode = { ...NO_FUTURE };
  for (const name of names) {
    const kind = FutureKind.safeParse(name);
    if (!kind.success) {
      return err(
        'invalid_request',
        `Invalid ${what}: "${name}" is not one of fields, enums, events (comma-separated).`,
        what,
      );
    }
    mode[kind.data] = true;
  }
  return ok(mode);
}

/** A setting with some changes switched on or off; those not given stay as they were. */
export const withChanges = (mode: FutureMode, changes: FutureModeRequest): FutureMode => ({
  fields: changes.fields ?? mode.fields,
  enums: changes.enums ?? mode.enums,
  events: changes.events ?? mode.events,
});
