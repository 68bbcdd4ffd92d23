import {
  drawDelay,
  type FaultPlan,
  type FaultRule,
  type FaultRuleCreate,
  type FaultTarget,
  faultMatches,
  planFault,
  planWebhookFault,
  type WebhookFaultPlan,
  type WebhookFaultTarget,
  webhookFaultMatches,
} from '@glm/domain/test-helpers';

/** A rule that caught a request: its id and what it does. */
export interface CaughtFault {
  /** The rule's id (`flt_…`). */
  readonly id: string;
  /** What the fault does, defaults filled in. */
  readonly plan: FaultPlan;
}

/** The fault rules of one service instance: added, listed, removed, and matched against requests. */
export interface FaultRules {
  /** Adds a rule (already parsed); answers it as listed. */
  add(rule: FaultRuleCreate): FaultRule;
  /** Every rule in force, oldest first. */
  list(): FaultRule[];
  /** Removes a rule by id; answers it, or `undefined` when no rule has that id. */
  remove(id: string): FaultRule | undefined;
  /** Removes every rule; answers how many there were. */
  clear(): number;
  /**
   * The first rule (oldest first) that catches the request and wins its draw, using up one of its times
   * (a rule whose times are used up leaves); `undefined` when none does.
   */
  take(target: FaultTarget): CaughtFault | undefined;
  /**
   * The first rule (oldest first) matching webhook deliveries that catches this delivery attempt and
   * wins its draw, using up one of its times; `undefined` when none does.
   */
  takeWebhook(target: WebhookFaultTarget): CaughtWebhookFault | undefined;
}

/** A rule that caught a webhook delivery attempt: its id and what it does to the attempt. */
interface CaughtWebhookFault {
  /** The rule's id (`flt_…`). */
  readonly id: string;
  /** What the fault does to the attempt. */
  readonly plan: WebhookFaultPlan;
}

/** What {@link createFaultRules} needs from its service: ids, the time, and a random draw in [0, 1). */
export interface FaultRuleParts {
  /** A new rule id (`flt_…`). */
  readonly newId: () => string;
  /** The current time, ISO 8601. */
  readonly nowIso: () => string;
  /** A draw in [0, 1) from the service's random source (seeded runs repeat). */
  readonly draw: () => number;
}

interface Held {
  readonly rule: FaultRule;
  readonly plan: FaultPlan;
  readonly webhookPlan: WebhookFaultPlan;
  remaining: number | null;
}

const shown = (held: Held): FaultRule => ({ ...held.rule, remaining: held.remaining });

/** Creates an instance's empty set of fault rules. */
export function createFaultRules(parts: FaultRuleParts): FaultRules {
  let rules: Held[] = [];
  return {
    add(input) {
      const rule: FaultRule = {
        id: parts.newId(),
        match: input.match,
        fault: input.fault,
        times: input.times,
        probability: input.probability,
        remaining: input.times,
        created_at: parts.nowIso(),
      };
      const held: Held = {
        rule,
        plan: planFault(input.fault),
        webhookPlan: planWebhookFault(input.fault),
        remaining: input.times,
      };
      rules.push(held);
      return shown(held);
    },
    list: () => rules.map(shown),
    remove(id) {
      const held = rules.find((candidate) => candidate.rule.id === id);
      if (held === undefined) return undefined;
      rules = rules.filter((candidate) => candidate !== held);
      return shown(held);
    },
    clear() {
      const count = rules.length;
      rules = [];
      return count;
    },
    take(target) {
      const held = strike((rule) => faultMatches(rule.match, target));
      // A drawn delay is drawn afresh for each request the rule catches.
      return held === undefined ? undefined : { id: held.rule.id, plan: drawDelay(held.plan, parts.draw) };
    },
    takeWebhook(target) {
      const held = strike(
        ({ match }) => match.webhook !== undefined && webhookFaultMatches(match.webhook, target),
      );
      return held === undefined ? undefined : { id: held.rule.id, plan: held.webhookPlan };
    },
  };

  /** The first rule that catches and wins its draw, one of its times used up; `undefined` when none. */
  function strike(catches: (rule: FaultRule) => boolean): Held | undefined {
    if (rules.length === 0) return undefined;
    for (const held of rules) {
      if (!catches(held.rule)) continue;
      // A rule that certainly strikes draws nothing, so rules leave a seeded run's ids alone.
      if (held.rule.probability < 1 && !(parts.draw() < held.rule.probability)) continue;
      if (held.remaining !== null) {
        held.remaining -= 1;
        if (held.remaining === 0) rules = rules.filter((candidate) => candidate !== held);
      }
      return held;
    }
    return undefined;
  }
}

/** A draw in [0, 1) from four bytes of a random source. */
export function drawOf(random: (size: number) => Uint8Array): () => number {
  return () => {
    const bytes = random(4);
    return new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0) / 2 ** 32;
  };
}
