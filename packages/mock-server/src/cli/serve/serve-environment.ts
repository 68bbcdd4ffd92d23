import { CliRefusal } from '../cli-io.ts';

/** The flags of `glm-mock serve` as `parseArgs` reads them: a flag not given is absent. */
export interface ServeFlags {
  readonly port?: string | undefined;
  readonly host?: string | undefined;
  readonly 'test-key'?: string | undefined;
  readonly 'live-key'?: string | undefined;
  readonly seed?: string | undefined;
  readonly 'dashboard-token'?: string | undefined;
  readonly 'allowed-origin'?: string[] | undefined;
  readonly 'max-objects'?: string | undefined;
  readonly 'max-merchants'?: string | undefined;
  readonly demo?: boolean | undefined;
  readonly data?: string | undefined;
  readonly fresh?: boolean | undefined;
  readonly snapshot?: string | undefined;
  readonly fault?: string[] | undefined;
  readonly 'rate-limit'?: string | undefined;
  readonly 'journal-size'?: string | undefined;
  readonly 'coverage-out'?: string | undefined;
  readonly future?: string | undefined;
}

type SingleFlag = Exclude<keyof ServeFlags, 'allowed-origin' | 'fault' | 'demo' | 'fresh'>;

/** The variable of each flag that takes one value, read in the form the flag takes. */
const TEXT_VARIABLES: Readonly<Record<SingleFlag, string>> = {
  port: 'GLM_MOCK_PORT',
  host: 'GLM_MOCK_HOST',
  'test-key': 'GLM_MOCK_TEST_KEY',
  'live-key': 'GLM_MOCK_LIVE_KEY',
  'dashboard-token': 'GLM_MOCK_DASHBOARD_TOKEN',
  seed: 'GLM_MOCK_SEED',
  snapshot: 'GLM_MOCK_SNAPSHOT',
  data: 'GLM_MOCK_DATA',
  'rate-limit': 'GLM_MOCK_RATE_LIMIT',
  'max-objects': 'GLM_MOCK_MAX_OBJECTS',
  'max-merchants': 'GLM_MOCK_MAX_MERCHANTS',
  'journal-size': 'GLM_MOCK_JOURNAL_SIZE',
  'coverage-out': 'GLM_MOCK_COVERAGE_OUT',
  future: 'GLM_MOCK_FUTURE',
};

/** The variables of the switches: `1` turns the switch on, `0` leaves it off. */
const SWITCH_VARIABLES = { demo: 'GLM_MOCK_DEMO', fresh: 'GLM_MOCK_FRESH' } as const;

/** Fault rules, one a line, installed before the `--fault` rules. */
const FAULTS_VARIABLE = 'GLM_MOCK_FAULTS';
/** Allowed origins, comma-separated. */
const ORIGINS_VARIABLE = 'GLM_MOCK_ALLOWED_ORIGINS';

/** The help text's list of variables, one a line. */
export const SERVE_ENVIRONMENT_USAGE = `Environment: every option can come from a variable instead; the option wins (its variable is then
not read), an empty variable counts as unset, and a bad value is refused naming the variable (exit 2).
  GLM_MOCK_PORT, GLM_MOCK_HOST, GLM_MOCK_TEST_KEY, GLM_MOCK_LIVE_KEY, GLM_MOCK_DASHBOARD_TOKEN,
  GLM_MOCK_SEED, GLM_MOCK_SNAPSHOT, GLM_MOCK_DATA, GLM_MOCK_RATE_LIMIT, GLM_MOCK_MAX_OBJECTS,
  GLM_MOCK_MAX_MERCHANTS, GLM_MOCK_JOURNAL_SIZE, GLM_MOCK_COVERAGE_OUT, GLM_MOCK_FUTURE
                             each in the form its option takes
  GLM_MOCK_ALLOWED_ORIGINS   origins, comma-separated (--allowed-origin)
  GLM_MOCK_FAULTS            fault rules, one a line, installed before the --fault rules
  GLM_MOCK_DEMO, GLM_MOCK_FRESH   1 (on) or 0 (off)
  Keys and tokens from a variable stay out of process lists; a live key given is printed masked.`;

/** Settings as the command runs with them, and the name each came under (for refusals). */
export interface ServeSettings {
  /** The flags, each absent one filled from its variable when that is set. */
  readonly values: ServeFlags;
  /** `--port` or `GLM_MOCK_PORT`: where a setting's value came from. */
  nameOf(flag: keyof ServeFlags): string;
  /** The fault rules: `GLM_MOCK_FAULTS` lines first, then `--fault` flags, each with the name it came under. */
  readonly faults: readonly { readonly rule: string; readonly source: string }[];
  /** Whether the live key came from a flag or variable (it is then printed masked). */
  readonly liveKeyGiven: boolean;
}

const setting = (env: Readonly<Record<string, string | undefined>>, name: string): string | undefined => {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
};

function readSwitch(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === '1' || value === '0') return value === '1';
  throw settingRefusal(name, `${name} must be 1 (on) or 0 (off), not ${value}.`);
}

/**
 * Fills each `serve` flag that was not given from its `GLM_MOCK_*` variable: a given flag wins and its
 * variable is not read at all; `GLM_MOCK_FAULTS` adds rules (one a line) before the `--fault` ones.
 */
export function serveSettings(
  flags: ServeFlags,
  env: Readonly<Record<string, string | undefined>>,
): ServeSettings {
  const values: Record<string, unknown> = { ...flags };
  const fromVariable = new Map<keyof ServeFlags, string>();
  const fill = (flag: keyof ServeFlags, name: string, read: (text: string) => unknown) => {
    if (flags[flag] !== undefined) return;
    const text = setting(env, name);
    if (text === undefined) return;
    values[flag] = read(text);
    fromVariable.set(flag, name);
  };
  for (const [flag, name] of Object.entries(TEXT_VARIABLES) as [SingleFlag, string][]) {
    fill(flag, name, (text) => text);
  }
  for (const [flag, name] of Object.entries(SWITCH_VARIABLES) as ['demo' | 'fresh', string][]) {
    fill(flag, name, (text) => readSwitch(name, text));
  }
  fill('allowed-origin', ORIGINS_VARIABLE, (text) =>
    text
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
  );
  const variableFaults = (setting(env, FAULTS_VARIABLE) ?? '')
    .split('\n')
    .map((line, index) => ({ rule: line.trim(), source: `${FAULTS_VARIABLE} line ${index + 1}` }))
    .filter(({ rule }) => rule !== '');
  const flagFaults = (flags.fault ?? []).map((rule) => ({ rule, source: '--fault' }));
  return {
    values: values as ServeFlags,
    nameOf: (flag) => fromVariable.get(flag) ?? `--${flag}`,
    faults: [...variableFaults, ...flagFaults],
    liveKeyGiven: values['live-key'] !== undefined,
  };
}

/**
 * The refusal of a setting's value, `name` being where it came from: after a flag the usage follows;
 * after a variable the line stands alone (a container's log shows the one line that matters).
 */
export function settingRefusal(name: string, message: string): CliRefusal {
  return new CliRefusal(message, { usage: name.startsWith('--') });
}

/** Runs a reading of one setting; a refusal of a setting that came from a variable names the variable. */
export async function namingSource<T>(name: string, read: () => T | Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof CliRefusal) || name.startsWith('--')) throw error;
    throw new CliRefusal(`${name}: ${error.message}`, { usage: false });
  }
}
