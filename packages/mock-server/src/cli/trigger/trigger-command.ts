import { parseArgs } from 'node:util';
import { EventType, parseApiKey } from '@glm/domain';
import { DeclineCode, parseSetFlag, type TriggerObjects } from '@glm/domain/test-helpers';
import { type CliIo, type CliOutcome, CliRefusal } from '../cli-io.ts';
import { postTrigger, TriggerFailure } from './post-trigger.ts';
import { triggerLines } from './trigger-lines.ts';
import { triggerList } from './trigger-list.ts';

/** The usage of `glm-mock trigger`. */
export const TRIGGER_USAGE = `       glm-mock trigger <event-type> [--set FIELD=VALUE]... [--product ID] [--customer cus_…]
                        [--subscription sub_…] [--order ord_…] [--decline CODE] [--json]
                        [--base-url URL] [--key KEY]
       glm-mock trigger --list

  Asks a running server to produce the event: it runs the requests that lead to it (a product, a
  checkout paid, a refund, the clock moved…) and prints each object it created or used
  ("created product 3 "Ibuprofen 200mg Tablets 100 ct" (merchant_product_id trigger-…)",
  "created order ord_…"), then "event <type> <evt_id>" (with the decline_code of a declined payment).
  Nothing changes unless the whole flow succeeds. --list prints every type with what it does, the
  requests --set may patch, the objects it takes and the declines it produces.
  --set FIELD=VALUE    set a field of a request (repeatable): customer.email=a@b.example patches the
                       type's main request, refund.amount_cents=500 names the request; VALUE is JSON
                       when it reads as JSON (quote a string of digits: 'reference_id="42"')
  --product ID         use this product instead of a new one
  --customer cus_…     pay as this customer, with its saved card
  --subscription sub_… act on this subscription (subscription.* types)
  --order ord_…        act on this order (refund.*, dispute.*, order.completed, order.failed)
  --decline CODE       the decline a payment.failed trigger produces, paying with the test card that
                       declines so: not_hsa_fsa_card (a regular card on an HSA/FSA-eligible item),
                       restricted_card (an HSA/FSA card on a regular item), expired_card,
                       incorrect_cvc, insufficient_funds, processing_error, card_declined (default)
  --json               print the server's whole answer as JSON instead
  --base-url URL       the server (default: GLM_BASE_URL, then http://127.0.0.1:4010)
  --key KEY            a test key (default: GLM_API_KEY); a live key is refused before any request`;

const DEFAULT_BASE_URL = 'http://127.0.0.1:4010';

/** The key to send: a well-formed test key, or a refusal before any request. */
function testKey(given: string | undefined): string {
  if (given === undefined || given === '')
    throw new CliRefusal('no key: give --key or set GLM_API_KEY to a test key.');
  const parsed = parseApiKey(given);
  if (given.startsWith('glm_live_') || (parsed.ok && parsed.value.mode !== 'test')) {
    throw new CliRefusal(
      'trigger refuses a live key: it creates objects and moves the clock, test keys only.',
    );
  }
  if (!parsed.ok) throw new CliRefusal(`--key is not a well-formed test key: ${parsed.message}`);
  return given;
}

/** The overrides of the `--set` flags, by field path; a flag that is not `field=value` is refused. */
function overridesOf(flags: readonly string[]): Record<string, unknown> {
  const overrides: Record<string, unknown> = {};
  for (const flag of flags) {
    const parsed = parseSetFlag(flag);
    if (!parsed.ok) throw new CliRefusal(parsed.message);
    overrides[parsed.value.path] = parsed.value.value;
  }
  return overrides;
}

/** The objects of `--product`, `--customer`, `--subscription` and `--order`. */
function objectsOf(values: {
  readonly product?: string | undefined;
  readonly customer?: string | undefined;
  readonly subscription?: string | undefined;
  readonly order?: string | undefined;
}): TriggerObjects {
  const { product, customer, subscription, order } = values;
  if (product !== undefined && !/^[1-9]\d{0,14}$/.test(product)) {
    throw new CliRefusal(`--product takes a product id (a positive integer), not ${product}.`);
  }
  return {
    ...(product === undefined ? {} : { product: Number(product) }),
    ...(customer === undefined ? {} : { customer }),
    ...(subscription === undefined ? {} : { subscription }),
    ...(order === undefined ? {} : { order }),
  };
}

/** The decline of `--decline`, checked to be a decline code before any request. */
function declineOf(given: string | undefined): DeclineCode | undefined {
  if (given === undefined) return undefined;
  const parsed = DeclineCode.safeParse(given);
  if (!parsed.success) {
    throw new CliRefusal(`--decline takes a decline code (${DeclineCode.options.join(', ')}), not ${given}.`);
  }
  return parsed.data;
}

/**
 * `glm-mock trigger <event-type>`: asks the server at `--base-url` (`POST /v2/test_helpers/triggers`)
 * for the event, with `--set` overrides, existing objects and the decline asked for; `--list` prints
 * the types.
 */
export async function triggerCommand(args: readonly string[], io: CliIo): Promise<CliOutcome> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      'base-url': { type: 'string' },
      key: { type: 'string' },
      list: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      set: { type: 'string', multiple: true, default: [] },
      product: { type: 'string' },
      customer: { type: 'string' },
      subscription: { type: 'string' },
      order: { type: 'string' },
      decline: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (values.list) {
    io.stdout.write(`${triggerList()}\n`);
    return { kind: 'exit', code: 0 };
  }
  if (positionals.length !== 1) throw new CliRefusal('trigger takes exactly one event type (see --list).');
  const type = EventType.safeParse(positionals[0]);
  if (!type.success)
    throw new CliRefusal(`unknown event type ${positionals[0]} (see glm-mock trigger --list).`);
  const key = testKey(values.key ?? io.env['GLM_API_KEY']);
  const overrides = overridesOf(values.set);
  const objects = objectsOf(values);
  const decline = declineOf(values.decline);
  const baseUrl = values['base-url'] ?? io.env['GLM_BASE_URL'] ?? DEFAULT_BASE_URL;
  try {
    const result = await postTrigger(baseUrl, key, {
      type: type.data,
      ...(Object.keys(overrides).length === 0 ? {} : { overrides }),
      ...(Object.keys(objects).length === 0 ? {} : { objects }),
      ...(decline === undefined ? {} : { decline }),
    });
    if (values.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else io.stdout.write(`${triggerLines(result, objects).join('\n')}\n`);
  } catch (error) {
    if (!(error instanceof TriggerFailure)) throw error;
    io.stderr.write(`glm-mock: ${error.message}\n`);
    return { kind: 'exit', code: error.exitCode };
  }
  return { kind: 'exit', code: 0 };
}
