import { parseArgs } from 'node:util';
import { EventType, parseApiKey } from '@glm/domain';
import { type CliIo, type CliOutcome, CliRefusal } from '../cli-io.ts';
import { runTrigger, TriggerFailure, triggerableTypes } from './flows.ts';

/** The usage of `glm-mock trigger`. */
export const TRIGGER_USAGE = `       glm-mock trigger <event-type> [--base-url URL] [--key KEY]
       glm-mock trigger --list

  Drives a real flow over HTTP against a running server until the event (and the events before it)
  fires: prints each object created (kind and id), then "event <type> <evt_id>". --list prints every
  triggerable type.
  --base-url URL       the server (default: GLM_BASE_URL, then http://127.0.0.1:4010)
  --key KEY            a test key (default: GLM_API_KEY); a live key is refused before any request`;

const DEFAULT_BASE_URL = 'http://127.0.0.1:4010';

/**
 * `glm-mock trigger <event-type>`: drives the flow that fires the event against a running server
 * (see `flows.ts`); `--list` prints the types.
 */
export async function triggerCommand(args: readonly string[], io: CliIo): Promise<CliOutcome> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      'base-url': { type: 'string' },
      key: { type: 'string' },
      list: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  if (values.list) {
    io.stdout.write(`${triggerableTypes(EventType.options).join('\n')}\n`);
    return { kind: 'exit', code: 0 };
  }
  if (positionals.length !== 1) throw new CliRefusal('trigger takes exactly one event type (see --list).');
  const type = EventType.safeParse(positionals[0]);
  if (!type.success)
    throw new CliRefusal(`unknown event type ${positionals[0]} (see glm-mock trigger --list).`);
  const key = values.key ?? io.env['GLM_API_KEY'];
  if (key === undefined || key === '')
    throw new CliRefusal('no key: give --key or set GLM_API_KEY to a test key.');
  const parsed = parseApiKey(key);
  if (key.startsWith('glm_live_') || (parsed.ok && parsed.value.mode !== 'test')) {
    throw new CliRefusal(
      'trigger refuses a live key: it creates objects and moves the clock, test keys only.',
    );
  }
  if (!parsed.ok) throw new CliRefusal(`--key is not a well-formed test key: ${parsed.message}`);
  const baseUrl = values['base-url'] ?? io.env['GLM_BASE_URL'] ?? DEFAULT_BASE_URL;
  try {
    await runTrigger(type.data, { baseUrl, key, print: (line) => io.stdout.write(`${line}\n`) });
  } catch (error) {
    if (!(error instanceof TriggerFailure)) throw error;
    io.stderr.write(`glm-mock: ${error.message}\n`);
    return { kind: 'exit', code: error.exitCode };
  }
  return { kind: 'exit', code: 0 };
}
