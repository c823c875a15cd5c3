/**
 * At most this many messages a batch: a batch's reads and inserts stay a few statements of bounded size (a desk of up to
 * eight staff told of 25 orders is one insert of its notifications), and what it holds at once stays small.
 */
export const MESSAGE_BATCH_MAX = 25;

export interface MessageBatches<T> {
  /** Queues a message; it is handled with those queued in the same turn, or after the batch under way. */
  add(message: T): void;
  /** Resolves once every queued message has been handled. */
  idle(): Promise<void>;
}

/**
 * Hands the queued messages to `handle` a batch at a time, in the order they came, one batch after another: a burst
 * (an order a few milliseconds) becomes a few batches instead of a small job each. A batch that fails is handled
 * again one message at a time, so that one bad message loses only what it makes; `onError` is told of each failure
 * that remains (with its message, or null for the batch), and is the only way a failure leaves.
 */
export function messageBatches<T>(handle: (batch: readonly T[]) => Promise<void>, onError: (error: unknown, message: T | null) => void, batchMax = MESSAGE_BATCH_MAX): MessageBatches<T> {
  const queued: T[] = [];
  let draining: Promise<void> | null = null;

  const handleAlone = async (message: T) => {
    try {
      await handle([message]);
    } catch (error) {
      onError(error, message);
    }
  };

  const drain = async () => {
    // Messages queued in the same turn as the first join its batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (queued.length > 0) {
      const batch = queued.splice(0, batchMax);
      try {
        await handle(batch);
      } catch (error) {
        if (batch.length === 1) onError(error, batch[0]!);
        else for (const message of batch) await handleAlone(message);
      }
    }
  };

  return {
    add(message) {
      queued.push(message);
      draining ??= drain().finally(() => {
        draining = null;
      });
    },
    async idle() {
      while (draining) await draining;
    },
  };
}
