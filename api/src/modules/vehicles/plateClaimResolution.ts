import type { Kysely } from 'kysely';
import type { PlateClaimDecision, VehicleData } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { inTransaction } from '../../db/inTransaction';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { insertVehicle } from './vehicleQueries';

export const plateClaimMessages = {
  notFound: 'Không tìm thấy yêu cầu xác minh biển số.',
  alreadyResolved: 'Yêu cầu này đã được xử lý. Vui lòng tải lại danh sách.',
  transferred: 'Đã chuyển biển số cho tài khoản mới.',
  kept: 'Đã giữ biển số cho chủ cũ.',
} as const;

/**
 * A staff decision on a pending claim, all or nothing. "keep" closes it. "transfer" takes the plate off the
 * vehicle holding it now (removed from that account's list, its history kept) and gives it to the claimant: the
 * vehicle held aside for them, or a new one from what they described. The conditional status update lets one
 * decision win when two staff decide at once (409 for the other).
 */
export async function resolvePlateClaim(db: Kysely<Database>, claimId: number, decision: PlateClaimDecision, staffId: number, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const at = now.toISOString();
    const claim = await trx.selectFrom('vehicle_plate_claims').selectAll().where('id', '=', claimId).executeTakeFirst();
    if (!claim) throw AppError.notFound(plateClaimMessages.notFound, ERROR_CODES.PLATE_CLAIM_NOT_FOUND);
    const decided = await trx
      .updateTable('vehicle_plate_claims')
      .set({ status: decision === 'transfer' ? 'TRANSFERRED' : 'KEPT', resolved_at: at, resolved_by: staffId })
      .where('id', '=', claimId)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) !== 1) throw new AppError(409, ERROR_CODES.PLATE_CLAIM_RESOLVED, plateClaimMessages.alreadyResolved);
    if (decision === 'keep') return;

    await trx
      .updateTable('vehicles')
      .set({ deleted_at: at, updated_at: at })
      .where('license_plate', '=', claim.license_plate)
      .where('deleted_at', 'is', null)
      .where('user_id', '!=', claim.claimant_user_id)
      .execute();
    const held = await trx
      .selectFrom('vehicles')
      .select('id')
      .where('license_plate', '=', claim.license_plate)
      .where('user_id', '=', claim.claimant_user_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (held) return;
    if (claim.claimant_vehicle_id !== null) {
      const given = await trx
        .updateTable('vehicles')
        .set({ license_plate: claim.license_plate, deleted_at: null, updated_at: at })
        .where('id', '=', claim.claimant_vehicle_id)
        .where('user_id', '=', claim.claimant_user_id)
        .executeTakeFirst();
      if (Number(given.numUpdatedRows) === 1) return;
    }
    const data = JSON.parse(claim.vehicle_data) as Partial<VehicleData> & Pick<VehicleData, 'type' | 'brand' | 'model'>;
    await insertVehicle(trx, claim.claimant_user_id, { ...data, licensePlate: claim.license_plate }, now);
  });
}
