import type { Kysely } from 'kysely';
import type { IntegratedCarrier } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { OrderRow } from '../../db/shopSchema';
import type { EventBus } from '../../events/eventBus';
import { shipFromAddress } from '../addresses';
import { carrierFor, type CarrierAdapter, type CarrierAddress } from '../carriers';
import type { ShopContext } from '../orders';

/**
 * What the shipments commands need beyond the database: the carrier adapters (carriers' `carrierFor`), the warehouse's
 * coded address (the origin) and the order's coded ward (addresses). Injected, so tests use stand-ins.
 */
export interface ShipmentDeps {
  carrierFor: (carrier: IntegratedCarrier) => CarrierAdapter | null;
  /** Null when the warehouse's ward is not coded yet (no waybill can leave). */
  shipFrom: (db: Kysely<Database>) => Promise<CarrierAddress | null>;
  /** The official ward code of the order's delivery address, or null when it was typed before coded wards. */
  wardCodeOf: (db: Kysely<Database>, order: OrderRow) => Promise<string | null>;
}

export interface ShipmentContext extends ShopContext {
  events: Pick<EventBus, 'publishFloorChange' | 'publishOrderStatus'>;
}

/** The app's: the installed carrier adapters, the shipping location's coded address, the order's coded ward. */
export const defaultShipmentDeps: ShipmentDeps = {
  carrierFor,
  shipFrom: shipFromAddress,
  wardCodeOf: async (_db, order) => order.ward_code,
};
