/** What an {@link Appender} does with a group of records, and what it runs between groups. */
export interface AppenderParts {
  /** Appends the bytes and resolves once they are durable. */
  readonly append: (bytes: Buffer) => Promise<void>;
  /** Runs after each group (compaction), before the next group is appended. */
  readonly after: () => Promise<void>;
}

/**
 * Appends records one group at a time, in the order they were handed over: the records handed over
 * while a group is being made durable are appended together next, in one write and one flush (group
 * commit at the file, whatever the callers batch). A record's promise resolves once its group is
 * durable and rejects with its group's error.
 */
export interface Appender {
  /** Queues one record; resolves once it, and every record queued before it, is durable. */
  append(record: Buffer): Promise<void>;
  /** Resolves once every record queued so far is appended (or failed). */
  idle(): Promise<void>;
}

interface Pending {
  readonly record: Buffer;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** Creates an {@link Appender}. */
export function createAppender({ append, after }: AppenderParts): Appender {
  let queue: Pending[] = [];
  let draining: Promise<void> | undefined;

  const drain = async (): Promise<void> => {
    while (queue.length > 0) {
      const group = queue;
      queue = [];
      const bytes =
        group.length === 1 ? (group[0] as Pending).record : Buffer.concat(group.map((p) => p.record));
      try {
        await append(bytes);
        for (const pending of group) pending.resolve();
      } catch (error) {
        for (const pending of group) pending.reject(error);
      }
      await after();
    }
    draining = undefined;
  };

  return {
    append(record) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ record, resolve, reject });
        draining ??= drain();
      });
    },
    idle: () => draining ?? Promise.resolve(),
  };
}
