import type { z } from 'zod';

/**
 * Marks that a refinement leaves on a zod issue so the error mapping can choose the wire code:
 * `missing` (a required field absent in every spelling: a 400), `contradiction` (two spellings of one
 * field disagree: a 400), `invalid_currency` (a well-formed code the service does not settle),
 * `malformed` (a token that is not of its fixed shape, such as a webhook secret: a 400).
 */
export type IssueTag = 'missing' | 'contradiction' | 'invalid_currency' | 'malformed';

/** The `params` of a refinement that carries an {@link IssueTag}. */
export function tagged(tag: IssueTag): { params: { glmTag: IssueTag } } {
  return { params: { glmTag: tag } };
}

/** Reads the {@link IssueTag} of a zod issue, if a refinement set one. */
export function issueTag(issue: z.core.$ZodIssue): IssueTag | undefined {
  if (issue.code !== 'custom') return undefined;
  const params: { glmTag?: unknown } | undefined = issue.params;
  const tag = params?.glmTag;
  return tag === 'missing' || tag === 'contradiction' || tag === 'invalid_currency' || tag === 'malformed'
    ? tag
    : undefined;
}
