import type { DeclineCode, TriggerObjects, TriggerResult } from '@glm/domain/test-helpers';

/**
 * A trigger that did not produce its event, said in one line: exit code 2 for what the caller must
 * fix (an unreachable server, a refused key, an unknown field or object), 1 for a flow the server
 * could not run (an object in the wrong state).
 */
export class TriggerFailure extends Error {
  /** The exit code the CLI ends with. */
  readonly exitCode: number;

  constructor(message: string, exitCode: number) {
    super(message);
    this.exitCode = exitCode;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Why `fetch` failed: its cause's message, or the cause's code when the message is empty (an aggregate). */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (!(cause instanceof Error)) return String(error);
  return cause.message || text((cause as Error & { code?: unknown }).code) || String(error);
}

/** Statuses of a request the caller must fix: a malformed or invalid body, a refused key. */
const CALLER_MUST_FIX = new Set([400, 401, 403, 422]);

/**
 * `POST /v2/test_helpers/triggers` on the server at `baseUrl` with a test key; answers the server's
 * result, or throws {@link TriggerFailure} with its refusal's message (and the field it names).
 */
export async function postTrigger(
  baseUrl: string,
  key: string,
  body: {
    readonly type: string;
    readonly overrides?: Readonly<Record<string, unknown>>;
    readonly objects?: TriggerObjects;
    readonly decline?: DeclineCode;
  },
): Promise<TriggerResult> {
  const base = baseUrl.replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}/v2/test_helpers/triggers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new TriggerFailure(`cannot reach ${base}: ${reasonOf(error)}`, 2);
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const problem = (json['error'] ?? {}) as Record<string, unknown>;
    const message = text(problem['message']) || response.statusText;
    const param = text(problem['param']);
    throw new TriggerFailure(
      `${body.type} answered ${response.status}${param === '' ? '' : ` (${param})`}: ${message}`,
      CALLER_MUST_FIX.has(response.status) ? 2 : 1,
    );
  }
  return json as unknown as TriggerResult;
}
