import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Instant, NullableInstant } from './instants';

export type PlateClaimStatus = 'PENDING' | 'TRANSFERRED' | 'KEPT';

/**
 * A customer's claim on a plate another account holds (migration 0023), resolved by staff: the plate is
 * transferred to the claimant or stays with its owner.
 */
export interface VehiclePlateClaimsTable {
  id: Generated<number>;
  /** The normalised plate, as vehicles.license_plate stores it. */
  license_plate: string;
  claimant_user_id: number;
  /** The claimant's vehicle held aside (a duplicate found by the migration), given back on transfer. */
  claimant_vehicle_id: number | null;
  /** The live vehicle that held the plate when the claim was made. */
  owner_vehicle_id: number | null;
  /** JSON of the vehicle the claimant gave (VehicleData), written as their vehicle on transfer. */
  vehicle_data: string;
  source: 'customer' | 'migration';
  status: ColumnType<PlateClaimStatus, PlateClaimStatus, PlateClaimStatus>;
  created_at: Instant;
  resolved_at: NullableInstant;
  resolved_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PlateClaimTables {
  vehicle_plate_claims: VehiclePlateClaimsTable;
}

export type PlateClaimRow = Selectable<VehiclePlateClaimsTable>;
