import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import type { EventBus } from '../../events/eventBus';

/** What the inventory operations share (built once by inventoryPlugin). */
export interface InventoryContext {
  db: Kysely<Database>;
  /** Stamps movements, stock rows and low-stock emails (a manual clock in tests). */
  clock: Clock;
  /** The live bus: stock changes reach the centre's screens (`floor-changed`, kind 'inventory'), and the kept stock tables hear of every change. */
  events: Pick<EventBus, 'publishFloorChange' | 'onCentreChange'>;
}
