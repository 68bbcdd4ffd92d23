import type { ErrorDetail } from '@glm/domain';

/**
 * A seed that was refused, with every problem found: each names the entry and field
 * (`subscriptions[0].payment_method_id`) and says what is wrong. Nothing of a refused seed was created.
 */
export class SeedError extends Error {
  override readonly name = 'SeedError';
  /** Every problem, in the order the seed lists the entries. */
  readonly problems: readonly ErrorDetail[];

  /** Builds the error from the problems; its message lists them, one a line. */
  constructor(problems: readonly ErrorDetail[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(
      `The seed was refused (${count}); nothing of it was created:\n${problems
        .map((problem) => `  ${problem.field}: ${problem.message}`)
        .join('\n')}`,
    );
    this.problems = problems;
  }
}
