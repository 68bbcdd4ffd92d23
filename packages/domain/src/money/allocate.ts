import { err, ok, type Result } from '../result.ts';
import { isCents } from './amount.ts';

/** Why an allocation was refused: a total that is not cents, or weights that are not non-negative safe integers. */
export type AllocateRefusal = 'not_cents' | 'invalid_weights';

/**
 * Splits `total` cents into parts proportional to `weights`, with largest-remainder rounding: each part
 * is `floor(total × weight / Σweights)`, and the cents left over go one each to the parts with the
 * largest remainders, the lowest index first among equals. The parts are non-negative integers that
 * sum exactly to `total`, each within one cent of its exact share, and a zero weight gets nothing.
 *
 * When every weight is zero there is no proportion to follow, and the total is split equally
 * (as if every weight were 1), the lowest indexes taking the odd cents.
 *
 * Weights are non-negative safe integers (usually cents); there must be at least one.
 *
 * @example
 * allocate(100, [1, 1, 1]); // ok([34, 33, 33])
 */
export function allocate(total: number, weights: readonly number[]): Result<number[], AllocateRefusal> {
  if (!isCents(total)) {
    return err('not_cents', 'The total must be a non-negative safe integer of cents', 'total');
  }
  if (weights.length === 0) return err('invalid_weights', 'There must be at least one weight', 'weights');
  if (!weights.every(isCents)) {
    return err('invalid_weights', 'Every weight must be a non-negative safe integer', 'weights');
  }
  const allZero = weights.every((weight) => weight === 0);
  const effective = (allZero ? weights.map(() => 1) : weights).map(BigInt);
  const weightSum = effective.reduce((sum, weight) => sum + weight, 0n);
  const whole = BigInt(total);
  // BigInt keeps total × weight exact where it would pass 2^53.
  const shares = effective.map((weight, index) => ({
    index,
    floor: (whole * weight) / weightSum,
    remainder: (whole * weight) % weightSum,
  }));
  const leftover = total - shares.reduce((sum, share) => sum + Number(share.floor), 0);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const bonus = new Set(byRemainder.slice(0, leftover).map((share) => share.index));
  return ok(shares.map((share) => Number(share.floor) + (bonus.has(share.index) ? 1 : 0)));
}
