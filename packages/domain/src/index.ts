/**
 * The pure model of the HSA/FSA hosted checkout service: wire schemas, state machines, money,
 * eligibility, ids and keys. No I/O, no clock, no randomness it does not receive.
 *
 * @module @glm/domain
 */
export type { Result } from './result.ts';
export { err, ok } from './result.ts';
