import type { Kysely } from 'kysely';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../../db/schema';
import { refreshInTurn } from './catalogueReadModel';

/** Products a background turn rewrites: one transaction, then the event loop is free again. */
const PRODUCTS_PER_TURN = 200;

export interface ProductListRefresher {
  /** Rewrites the list's pending rows in the background, starting at once; calls meanwhile add one more pass. */
  soon(): void;
  /** Waits for the pass under way; none starts after. */
  close(): Promise<void>;
}

/**
 * Writes the product list's pending rows (catalogueReadModel.ts) right after a catalogue write, a turn of
 * PRODUCTS_PER_TURN products at a time, so that the next GET /api/products finds them written instead of writing
 * them itself: after a CSV import of 5,000 products that is a second no shopper waits for. A list that comes
 * meanwhile still sees its pending rows, waits for the turn under way and writes the rest: never stale.
 */
export function createProductListRefresher(
  db: Kysely<Database>,
  log: { error(details: object, message: string): void },
  perTurn: number = PRODUCTS_PER_TURN,
): ProductListRefresher {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const pass = async () => {
    do {
      again = false;
      while (!closed && (await refreshInTurn(db, new Date(), perTurn)) === perTurn) await nextTurn();
    } while (again && !closed);
  };
  return {
    soon() {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      running = pass()
        .catch((error: unknown) => log.error({ err: error }, 'product list: background refresh failed; the next list writes its rows'))
        .finally(() => {
          running = undefined;
        });
    },
    async close() {
      closed = true;
      await running;
    },
  };
}
