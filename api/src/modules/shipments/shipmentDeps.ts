import type { Kysely } from 'kysely';
import type { IntegratedCarrier } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { OrderRow } from '../../db/shopSchema';
import type { EventBus } from '../../events/eventBus';
import type { CarrierAdapter, CarrierAddress } from '../carriers';
import type { ShopContext } from '../orders';

/**
 * What the shipments commands need beyond the database: the carrier adapters (carriers' `carrierFor`), the warehouse's
 * coded address (the origin) and the order's coded ward (addresses). Injected, so tests use stand-ins.
 */
export interface ShipmentDeps {
  carrierFor: (carrier: IntegratedCarrier) => CarrierAdapter | null;
  shipFrom: (db: Kysely<Database>) => Promise<CarrierAddress>;
  /** The official ward code of the order's delivery address, or null when it was typed before coded wards. */
  wardCodeOf: (db: Kysely<Database>, order: OrderRow) => Promise<string | null>;
}

export interface ShipmentContext extends ShopContext {
  events: Pick<EventBus, 'publishFloorChange' | 'publishOrderStatus'>;
}
