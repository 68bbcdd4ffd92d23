import type { Mode } from '@glm/domain';
import type { RateLimitRule } from './sliding-window.ts';

/** Rate limits of one service instance; `false` switches them off. */
export type RateLimitOptions =
  | false
  | {
      /** Every endpoint except check-eligibility, per key. Default 100 a second. */
      readonly default?: RateLimitRule;
      /** Check-eligibility per merchant and mode. Default 100 a minute (test), 1000 (live). */
      readonly eligibility?: { readonly test?: RateLimitRule; readonly live?: RateLimitRule };
    };

/** The rules in force, with defaults filled in. */
export interface ResolvedRateLimits {
  /** The per-key rule for ordinary endpoints. */
  readonly default: RateLimitRule;
  /** The per-merchant-and-mode rules for check-eligibility. */
  readonly eligibility: Readonly<Record<Mode, RateLimitRule>>;
}

const MINUTE = 60_000;

/** Fills in the defaults of {@link RateLimitOptions}; answers `undefined` when limits are off. */
export function resolveRateLimits(options: RateLimitOptions | undefined): ResolvedRateLimits | undefined {
  if (options === false) return undefined;
  return {
    default: options?.default ?? { limit: 100, windowMs: 1000 },
    eligibility: {
      test: options?.eligibility?.test ?? { limit: 100, windowMs: MINUTE },
      live: options?.eligibility?.live ?? { limit: 1000, windowMs: MINUTE },
    },
  };
}
