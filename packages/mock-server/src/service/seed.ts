import { type ErrorDetail, ok } from '@glm/domain';
import { checkSeedRefs, SeedFile } from '@glm/domain/test-helpers';
import type { Engine } from '../core/engine.ts';
import { type Outcome, refusal } from '../core/outcome.ts';
import { rehearse } from '../core/rehearsal.ts';
import { customerIdOf, saveCustomer, savePaymentMethod } from '../operations/customers/save-customer.ts';
import type { Operation } from '../operations/define-operation.ts';
import { invoke } from '../operations/invoke.ts';
import type { OperationContext } from '../operations/operation-context.ts';
import { parseInput } from '../operations/parse-input.ts';
import { createPaymentLink } from '../operations/payment-links/create.ts';
import { createProduct } from '../operations/products/create.ts';
import { createSubscription } from '../operations/subscriptions/start.ts';
import { webhooksOf } from '../operations/webhooks/webhooks.ts';
import { SeedError } from './seed-error.ts';

/** The id of every seed entry that has a `ref`, by its ref: a product id, `cus_…`, `pm_…`, `plink_…`, `sub_…`, `whep_…`. */
export type SeedRefs = Readonly<Record<string, string | number>>;

/**
 * Reads a seed: its shape (every problem, naming entry and field), then its refs (each `"ref:<name>"`
 * names an entry of the right kind). Answers the parsed seed; throws {@link SeedError} listing every
 * problem of the stage that found some.
 */
export function parseSeed(data: unknown): SeedFile {
  const parsed = parseInput(SeedFile, data, 'test_helpers.seed');
  if (!parsed.ok) {
    throw new SeedError(parsed.details ?? [{ field: parsed.param ?? 'seed', message: parsed.message }]);
  }
  const problems = checkSeedRefs(parsed.value);
  if (problems.length > 0) throw new SeedError(problems);
  return parsed.value;
}

/** What creating a seed's entries came to: the ids by ref, and the problem of every entry refused. */
interface Created {
  readonly refs: Record<string, string | number>;
  readonly problems: ErrorDetail[];
}

/** The body of an entry without its `ref`. */
const bodyOf = <T extends { readonly ref?: string | undefined }>({ ref: _, ...body }: T) => body;

/**
 * Creates a parsed seed's entries in test mode, through the API's own operations where it has them, in
 * the seed's order: products, customers with their payment methods, payment links, subscriptions,
 * webhook endpoints. An entry that is refused is recorded as a problem naming it and the others go on;
 * an entry that names a refused one is skipped.
 */
function createEntries(engine: Engine, seed: SeedFile): Created {
  const context: OperationContext = { engine, mode: 'test', seeding: true };
  const refs: Record<string, string | number> = {};
  const problems: ErrorDetail[] = [];
  const refused = new Set<string>();
  /** Records an entry's outcome: its id under its ref, or its problem (the field its refusal names). */
  const record = (entry: string, ref: string | undefined, outcome: Outcome<string | number>): void => {
    if (outcome.ok) {
      if (ref !== undefined) refs[ref] = outcome.value;
      return;
    }
    if (ref !== undefined) refused.add(ref);
    problems.push({
      field: outcome.param === undefined ? entry : `${entry}.${outcome.param}`,
      message: outcome.message,
    });
  };
  const run = <Input, Target, Value>(
    operation: Operation<Input, Target, Value>,
    body: unknown,
  ): Outcome<Value> => {
    const outcome = invoke(context, operation, body);
    // Every operation a seed uses answers at once; only webhook deliveries answer later.
    return outcome instanceof Promise
      ? refusal('internal_error', 'A seed operation answered later.')
      : outcome;
  };
  /** The id a `"ref:<name>"` names (or the value itself); `undefined` when that entry was refused. */
  const resolve = <T>(value: T): T | string | number | undefined => {
    if (typeof value !== 'string' || !value.startsWith('ref:')) return value;
    const name = value.slice(4);
    return refused.has(name) ? undefined : refs[name];
  };

  for (const [i, entry] of (seed.products ?? []).entries()) {
    const made = run(createProduct, bodyOf(entry));
    record(`products[${i}]`, entry.ref, made.ok ? ok(made.value.id) : made);
  }
  for (const [i, entry] of (seed.customers ?? []).entries()) {
    const field = `customers[${i}]`;
    const taken = customerIdOf(context, entry.email);
    if (taken !== undefined) {
      record(
        field,
        entry.ref,
        refusal('conflict', `A customer with this e-mail already exists (${taken}).`, { param: 'email' }),
      );
      for (const method of entry.payment_methods) if (method.ref !== undefined) refused.add(method.ref);
      continue;
    }
    const local = entry.email.split('@')[0] ?? entry.email;
    const id = saveCustomer(context, {
      email: entry.email,
      first_name: entry.first_name ?? local,
      last_name: entry.last_name ?? '',
    });
    record(field, entry.ref, ok(id));
    for (const [j, method] of entry.payment_methods.entries()) {
      const saved = savePaymentMethod(context, id, method.card_number, method.type);
      record(`${field}.payment_methods[${j}]`, method.ref, ok(saved.id));
    }
  }
  for (const [i, entry] of (seed.payment_links ?? []).entries()) {
    const made = run(createPaymentLink, bodyOf(entry));
    record(`payment_links[${i}]`, entry.ref, made.ok ? ok(made.value.id) : made);
  }
  for (const [i, entry] of (seed.subscriptions ?? []).entries()) {
    const body = {
      ...bodyOf(entry),
      customer_id: resolve(entry.customer_id),
      payment_method_id: resolve(entry.payment_method_id),
      ...(entry.product_id === undefined ? {} : { product_id: resolve(entry.product_id) }),
    };
    // An entry that names a refused one is skipped: that entry's problem is already reported.
    if (body.customer_id === undefined || body.payment_method_id === undefined) continue;
    if (entry.product_id !== undefined && body.product_id === undefined) continue;
    const made = run(createSubscription, body);
    record(`subscriptions[${i}]`, entry.ref, made.ok ? ok(made.value.id) : made);
  }
  for (const [i, entry] of (seed.webhook_endpoints ?? []).entries()) {
    const { url, events, description, secret } = entry;
    const made = webhooksOf(engine).register('test', { url, events, description, secret });
    record(`webhook_endpoints[${i}]`, entry.ref, ok(made.id));
  }
  return { refs, problems };
}

/**
 * Loads a seed into a service's engine: parsed and its refs checked first ({@link parseSeed}), then its
 * entries created. With `rehearsed`, the entries are first created on a copy of the state, so a seed
 * that the store refuses (a taken `merchant_product_id` or e-mail, a payment link expiring too late)
 * creates nothing; a new service, which is thrown away when its seed is refused, skips that. Answers
 * the ids by ref; throws {@link SeedError} listing every problem.
 */
export function applySeed(engine: Engine, data: unknown, rehearsed = false): SeedRefs {
  const seed = parseSeed(data);
  if (rehearsed) {
    const problems = rehearse(engine, (scratch) => createEntries(scratch, seed).problems);
    if (problems.length > 0) throw new SeedError(problems);
  }
  const created = createEntries(engine, seed);
  if (created.problems.length > 0) throw new SeedError(created.problems);
  return created.refs;
}
