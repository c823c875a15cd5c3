import type { Kysely } from 'kysely';
import type { PlateClaim, PlateClaimStatus, VehicleType } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';

/** What a claim keeps of the vehicle its claimant described. */
export interface ClaimedVehicle {
  type: VehicleType;
  brand: string;
  model: string;
}

/**
 * Records a customer's claim on a plate another account holds, outside any transaction the refusal rolled
 * back. A claimant's second try on the same plate while the first is pending records nothing new.
 */
export async function recordPlateClaim(
  db: Kysely<Database>,
  claim: { plate: string; claimantUserId: number; claimantVehicleId: number | null; ownerVehicleId: number; vehicleData: ClaimedVehicle; now: Date },
): Promise<void> {
  await db
    .insertInto('vehicle_plate_claims')
    .values({
      license_plate: claim.plate,
      claimant_user_id: claim.claimantUserId,
      claimant_vehicle_id: claim.claimantVehicleId,
      owner_vehicle_id: claim.ownerVehicleId,
      vehicle_data: JSON.stringify(claim.vehicleData),
      source: 'customer',
      status: 'PENDING',
      created_at: claim.now.toISOString(),
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Claims by status, oldest first, each with the claimant and the account that holds the plate now. */
export async function listPlateClaims(db: Kysely<Database>, status: PlateClaimStatus, claimId?: number): Promise<PlateClaim[]> {
  let query = db
    .selectFrom('vehicle_plate_claims as claim')
    .innerJoin('users as claimant', 'claimant.id', 'claim.claimant_user_id')
    .leftJoin('vehicles as held', (join) => join.onRef('held.license_plate', '=', 'claim.license_plate').on('held.deleted_at', 'is', null))
    .leftJoin('users as owner', 'owner.id', 'held.user_id')
    .select([
      'claim.id',
      'claim.license_plate',
      'claim.status',
      'claim.source',
      'claim.created_at',
      'claim.vehicle_data',
      'claimant.id as claimant_id',
      'claimant.full_name as claimant_name',
      'claimant.email as claimant_email',
      'claimant.phone_number as claimant_phone',
      'held.id as held_id',
      'held.brand as held_brand',
      'held.model as held_model',
      'owner.id as owner_id',
      'owner.full_name as owner_name',
      'owner.email as owner_email',
      'owner.phone_number as owner_phone',
    ]);
  query = claimId === undefined ? query.where('claim.status', '=', status) : query.where('claim.id', '=', claimId);
  const rows = await query.orderBy('claim.created_at').orderBy('claim.id').execute();
  return rows.map((row) => {
    const vehicle = JSON.parse(row.vehicle_data) as ClaimedVehicle;
    return {
      id: row.id,
      licensePlate: row.license_plate,
      status: row.status,
      source: row.source,
      createdAt: toIsoUtc(row.created_at),
      claimant: { userId: row.claimant_id, fullName: row.claimant_name, email: row.claimant_email, phone: row.claimant_phone },
      claimantVehicle: { type: vehicle.type, brand: vehicle.brand, model: vehicle.model },
      owner:
        row.held_id === null || row.owner_id === null
          ? null
          : {
              userId: row.owner_id,
              fullName: row.owner_name ?? '',
              email: row.owner_email ?? '',
              phone: row.owner_phone ?? null,
              vehicleId: row.held_id,
              brand: row.held_brand ?? '',
              model: row.held_model ?? '',
            },
    };
  });
}
