import type { Kysely, Transaction, Updateable } from 'kysely';
import {
  ERROR_CODES,
  WARRANTY_CLAIM_ACTIONS,
  type WarrantyApproveInput,
  type WarrantyClaimAction,
  type WarrantyClaimStatus,
  type WarrantyCreditInput,
  type WarrantyDraftInput,
  type WarrantyRejectInput,
} from 'shared-contracts/schemas';
import { inTransaction } from '../../db/inTransaction';
import type { Database } from '../../db/schema';
import type { WarrantyClaimsTable } from '../../db/warrantySchema';
import { AppError } from '../../http/appError';
import type { CentreScope } from '../../security/centreScope';
import { claimInScope } from './warrantyClaimView';
import { warrantyMessages } from './warrantyMessages';

/** Who acts on a claim: the centre's manager (their centre's claims) or an admin (any), at `at`. */
export interface WarrantyActor {
  scope: CentreScope;
  at: Date;
}

/** The claim's write in its own transaction, or in the caller's (the demo seed writes its history inside one). */
function transact(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
  return db.isTransaction ? work(db as Transaction<Database>) : inTransaction(db, work);
}

function fieldError(field: string, message: string): AppError {
  return new AppError(422, ERROR_CODES.VALIDATION_ERROR, message, [{ field, message }]);
}

/**
 * The one guarded write of every claim change: the claim still at the version the caller saw and (for a move) in the
 * action's starting status, its version bumped; a move is written to the history with its note. 409 STALE_VERSION when
 * someone changed it since, 409 INVALID_STATUS_TRANSITION when it has moved on.
 */
async function writeClaim(
  trx: Transaction<Database>,
  claim: { id: number; version: number; from: WarrantyClaimStatus },
  change: { set: Updateable<WarrantyClaimsTable>; to?: WarrantyClaimStatus; note?: string | null },
  actor: WarrantyActor,
): Promise<void> {
  const at = actor.at.toISOString();
  const updated = await trx
    .updateTable('warranty_claims')
    .set((eb) => ({ ...change.set, ...(change.to ? { status: change.to } : {}), version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', claim.id)
    .where('version', '=', claim.version)
    .where('status', '=', claim.from)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    const current = await trx.selectFrom('warranty_claims').select(['status', 'version']).where('id', '=', claim.id).executeTakeFirstOrThrow();
    if (current.version !== claim.version) throw new AppError(409, ERROR_CODES.STALE_VERSION, warrantyMessages.changed);
    throw new AppError(409, ERROR_CODES.INVALID_STATUS_TRANSITION, warrantyMessages.wrongStatus(current.status as WarrantyClaimStatus));
  }
  if (change.to) {
    await trx
      .insertInto('warranty_claim_history')
      .values({ claim_id: claim.id, from_status: claim.from, to_status: change.to, changed_by: actor.scope.userId, note: change.note ?? null, created_at: at })
      .execute();
  }
}

/** The claim in the caller's scope, and the status `action` starts from (409 when the claim is elsewhere). */
async function claimFor(db: Kysely<Database>, actor: WarrantyActor, id: number, action: WarrantyClaimAction | 'edit') {
  const row = await claimInScope(db, actor.scope, id);
  const from: WarrantyClaimStatus = action === 'edit' ? 'DRAFT' : WARRANTY_CLAIM_ACTIONS[action].from;
  if (row.status !== from) throw new AppError(409, ERROR_CODES.INVALID_STATUS_TRANSITION, warrantyMessages.wrongStatus(row.status as WarrantyClaimStatus));
  return row;
}

/** PUT /warranty/claims/:id (DRAFT): the failure description and the checklist photos of the order sent with it. */
export async function editWarrantyDraft(db: Kysely<Database>, actor: WarrantyActor, id: number, input: WarrantyDraftInput): Promise<void> {
  const row = await claimFor(db, actor, id, 'edit');
  const photoIds = [...new Set(input.photoIds)];
  if (photoIds.length > 0) {
    const ofOrder = await db
      .selectFrom('checklist_photos')
      .innerJoin('service_order_checklist_items', 'service_order_checklist_items.id', 'checklist_photos.item_id')
      .select('checklist_photos.id')
      .where('service_order_checklist_items.service_order_id', '=', row.service_order_id)
      .where('checklist_photos.id', 'in', photoIds)
      .execute();
    if (ofOrder.length !== photoIds.length) throw fieldError('photoIds', warrantyMessages.photoNotOfOrder);
  }
  await transact(db, async (trx) => {
    await writeClaim(trx, { id, version: input.version, from: 'DRAFT' }, { set: { failure_note: input.failureNote } }, actor);
    await trx.deleteFrom('warranty_claim_photos').where('claim_id', '=', id).execute();
    if (photoIds.length > 0) await trx.insertInto('warranty_claim_photos').values(photoIds.map((photoId) => ({ claim_id: id, photo_id: photoId }))).execute();
  });
}

/** DRAFT → SUBMITTED: sent to the manufacturer. */
export async function submitWarrantyClaim(db: Kysely<Database>, actor: WarrantyActor, id: number, input: { version: number }): Promise<void> {
  await claimFor(db, actor, id, 'submit');
  await transact(db, (trx) => writeClaim(trx, { id, version: input.version, from: 'DRAFT' }, { set: { submitted_at: actor.at.toISOString() }, to: 'SUBMITTED' }, actor));
}

/** SUBMITTED → APPROVED: the manufacturer's reference and the amount it accepted (at most the claimed amount). */
export async function approveWarrantyClaim(db: Kysely<Database>, actor: WarrantyActor, id: number, input: WarrantyApproveInput): Promise<void> {
  const row = await claimFor(db, actor, id, 'approve');
  if (input.approvedAmount > row.claimed_amount) throw fieldError('approvedAmount', warrantyMessages.approvedOverClaimed);
  await transact(db, (trx) =>
    writeClaim(
      trx,
      { id, version: input.version, from: 'SUBMITTED' },
      { set: { approved_amount: input.approvedAmount, manufacturer_reference: input.manufacturerReference, decided_at: actor.at.toISOString() }, to: 'APPROVED', note: input.manufacturerReference },
      actor,
    ),
  );
}

/** SUBMITTED → REJECTED: the manufacturer's reason (the centre bears the cost). */
export async function rejectWarrantyClaim(db: Kysely<Database>, actor: WarrantyActor, id: number, input: WarrantyRejectInput): Promise<void> {
  await claimFor(db, actor, id, 'reject');
  await transact(db, (trx) =>
    writeClaim(trx, { id, version: input.version, from: 'SUBMITTED' }, { set: { rejection_reason: input.reason, decided_at: actor.at.toISOString() }, to: 'REJECTED', note: input.reason }, actor),
  );
}

/** APPROVED → CREDITED: the money the manufacturer paid, recorded with its method, reference, who and when. */
export async function creditWarrantyClaim(db: Kysely<Database>, actor: WarrantyActor, id: number, input: WarrantyCreditInput): Promise<void> {
  const row = await claimFor(db, actor, id, 'credit');
  if (row.approved_amount === null || input.amount > row.approved_amount) throw fieldError('amount', warrantyMessages.creditedOverApproved);
  await transact(db, (trx) =>
    writeClaim(
      trx,
      { id, version: input.version, from: 'APPROVED' },
      {
        set: { credited_amount: input.amount, credit_method: input.method, credit_reference: input.reference, credited_by: actor.scope.userId, credited_at: actor.at.toISOString() },
        to: 'CREDITED',
        note: input.reference,
      },
      actor,
    ),
  );
}
