import type { Kysely, Transaction } from 'kysely';
import {
  ERROR_CODES,
  OPEN_RECALL_STATES,
  RECALL_VEHICLE_STATE_LABELS,
  recallStatesBefore,
  type RecallCompletion,
  type RecallVehicleState,
  type VehicleRecall,
} from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { insertServiceIfMissing } from '../catalogueAdmin';
import type { CentreScope } from '../../security/centreScope';
import { recallMessages as messages } from './recallMessages';

/** "Xe thuộc diện triệu hồi: <code> – <title>": the one wording of the flag (customer's page, booking, check-in, work order). */
export function recallFlagText(code: string, title: string): string {
  return `Xe thuộc diện triệu hồi: ${code} – ${title}`;
}

/** The vehicles' open recalls (AFFECTED, NOTIFIED, SCHEDULED) of ACTIVE campaigns, oldest campaign first. */
export async function openRecallsOfVehicles(db: Kysely<Database>, vehicleIds: readonly number[]): Promise<Map<number, VehicleRecall[]>> {
  const byVehicle = new Map<number, VehicleRecall[]>();
  if (vehicleIds.length === 0) return byVehicle;
  const rows = await db
    .selectFrom('recall_vehicles as rv')
    .innerJoin('recall_campaigns as c', 'c.id', 'rv.campaign_id')
    .select(['rv.vehicle_id', 'rv.state', 'c.id', 'c.code', 'c.manufacturer', 'c.title', 'c.defect', 'c.remedy', 'c.labour_minutes'])
    .where('rv.vehicle_id', 'in', [...new Set(vehicleIds)])
    .where('rv.state', 'in', [...OPEN_RECALL_STATES])
    .where('c.status', '=', 'ACTIVE')
    .orderBy('c.id')
    .execute();
  for (const row of rows) {
    const state = row.state as RecallVehicleState;
    const recall: VehicleRecall = {
      campaignId: row.id,
      code: row.code,
      manufacturer: row.manufacturer,
      title: row.title,
      defect: row.defect,
      remedy: row.remedy,
      labourMinutes: row.labour_minutes,
      state,
      stateLabel: RECALL_VEHICLE_STATE_LABELS[state],
      flag: recallFlagText(row.code, row.title),
    };
    const list = byVehicle.get(row.vehicle_id);
    if (list) list.push(recall);
    else byVehicle.set(row.vehicle_id, [recall]);
  }
  return byVehicle;
}

export async function openRecallsOfVehicle(db: Kysely<Database>, vehicleId: number): Promise<VehicleRecall[]> {
  return (await openRecallsOfVehicles(db, [vehicleId])).get(vehicleId) ?? [];
}

/** The owner's own vehicle's open recalls (404 for another's or a removed vehicle). */
export async function openRecallsOfOwnVehicle(db: Kysely<Database>, userId: number, vehicleId: number): Promise<VehicleRecall[]> {
  const vehicle = await db.selectFrom('vehicles').select('id').where('id', '=', vehicleId).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!vehicle) throw AppError.notFound(messages.vehicleNotFound);
  return openRecallsOfVehicle(db, vehicleId);
}

/** A vehicle the staff may look up (any live vehicle: a recall flag names a campaign, nothing of its owner). */
export async function openRecallsForStaff(db: Kysely<Database>, vehicleId: number): Promise<VehicleRecall[]> {
  const vehicle = await db.selectFrom('vehicles').select('id').where('id', '=', vehicleId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!vehicle) throw AppError.notFound(messages.vehicleNotFound);
  return openRecallsOfVehicle(db, vehicleId);
}

/** The open recalls of a service order's vehicle, for the floor of the order's centre (another centre's: 404). */
export async function openRecallsOfOrder(db: Kysely<Database>, scope: CentreScope, orderId: number): Promise<VehicleRecall[]> {
  const order = await db.selectFrom('service_orders').select(['vehicle_id', 'centre_id']).where('id', '=', orderId).executeTakeFirst();
  if (!order || (scope.centreId !== null && order.centre_id !== scope.centreId)) throw AppError.notFound(messages.orderNotFound);
  return order.vehicle_id === null ? [] : openRecallsOfVehicle(db, order.vehicle_id);
}

/** The hidden catalogue service the free remedy lines name (created on the first recall booking; never listed). */
export const RECALL_REMEDY_SERVICE_SLUG = 'khac-phuc-trieu-hoi';

/**
 * The booking's free line for the vehicle's open recalls of `campaignIds` (of ACTIVE campaigns, not yet booked):
 * one line "Khắc phục triệu hồi <codes>" at 0 ₫ taking their labour minutes, on the hidden remedy service (inserted
 * once, inactive, so no list shows it). A campaign the vehicle is not open in refuses the booking (422).
 */
export async function recallRemedyLine(
  trx: Kysely<Database>,
  input: { vehicleId: number; campaignIds: readonly number[] },
): Promise<{ id: number; slug: string; name: string; price: number; durationMinutes: number } | null> {
  if (input.campaignIds.length === 0) return null;
  const open = (await openRecallsOfVehicle(trx, input.vehicleId)).filter((recall) => input.campaignIds.includes(recall.campaignId) && recall.state !== 'SCHEDULED');
  if (open.length !== new Set(input.campaignIds).size) {
    throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, messages.notRecallable, [{ field: 'recallCampaignIds', message: messages.notRecallable }]);
  }
  // The catalogue's own command inserts the hidden remedy service once (the catalogue owns the services table).
  const service = await insertServiceIfMissing(trx, {
    slug: RECALL_REMEDY_SERVICE_SLUG,
    name: 'Khắc phục triệu hồi',
    kind: 'diagnostics',
    tier: null,
    summary: 'Khắc phục miễn phí theo chiến dịch triệu hồi của hãng.',
    includes: [],
    price: 0,
    durationMinutes: 30,
    vehicleTypes: ['scooter', 'motorbike', 'car'],
    checklist: [],
    image: null,
    sortOrder: 0,
    active: false,
  });
  return {
    id: service.id,
    slug: RECALL_REMEDY_SERVICE_SLUG,
    name: `Khắc phục triệu hồi ${open.map((recall) => recall.code).join(', ')}`,
    price: 0,
    durationMinutes: Math.max(30, open.reduce((sum, recall) => sum + recall.labourMinutes, 0)),
  };
}

/**
 * The remedy booked: the vehicle's open recalls of the given ACTIVE campaigns (all, when none named) move to
 * SCHEDULED with the appointment, inside the booking's transaction. Answers the campaigns scheduled (their remedies
 * are the booking's free lines).
 */
export async function scheduleRecallRemedies(
  trx: Transaction<Database>,
  input: { vehicleId: number; appointmentId: number; campaignIds?: readonly number[]; at: Date },
): Promise<Array<{ campaignId: number; code: string; title: string; remedy: string; labourMinutes: number }>> {
  let query = trx
    .selectFrom('recall_vehicles as rv')
    .innerJoin('recall_campaigns as c', 'c.id', 'rv.campaign_id')
    .select(['rv.id', 'c.id as campaign_id', 'c.code', 'c.title', 'c.remedy', 'c.labour_minutes'])
    .where('rv.vehicle_id', '=', input.vehicleId)
    .where('rv.state', 'in', recallStatesBefore('SCHEDULED'))
    .where('c.status', '=', 'ACTIVE');
  if (input.campaignIds) {
    if (input.campaignIds.length === 0) return [];
    query = query.where('c.id', 'in', [...input.campaignIds]);
  }
  const rows = await query.orderBy('c.id').execute();
  if (rows.length === 0) return [];
  await trx
    .updateTable('recall_vehicles')
    .set({ state: 'SCHEDULED', state_at: input.at.toISOString(), appointment_id: input.appointmentId })
    .where('id', 'in', rows.map((row) => row.id))
    .where('state', 'in', recallStatesBefore('SCHEDULED'))
    .execute();
  return rows.map((row) => ({ campaignId: row.campaign_id, code: row.code, title: row.title, remedy: row.remedy, labourMinutes: row.labour_minutes }));
}

/** The booking cancelled: its SCHEDULED recalls go back to NOTIFIED (still to be booked). */
export async function unscheduleRecallRemedies(trx: Transaction<Database>, input: { appointmentId: number; at: Date }): Promise<void> {
  await trx
    .updateTable('recall_vehicles')
    .set({ state: 'NOTIFIED', state_at: input.at.toISOString(), appointment_id: null })
    .where('appointment_id', '=', input.appointmentId)
    .where('state', '=', 'SCHEDULED')
    .execute();
}

/**
 * The work order completed (its invoice issued, the order COMPLETED): the vehicle's recalls SCHEDULED on the order's
 * appointment are DONE, with the order. Called by serviceOrders in the completing transaction.
 */
export async function completeRecallRemedies(trx: Transaction<Database>, input: { serviceOrderId: number; appointmentId: number; at: Date }): Promise<number> {
  const result = await trx
    .updateTable('recall_vehicles')
    .set({ state: 'DONE', state_at: input.at.toISOString(), service_order_id: input.serviceOrderId })
    .where('appointment_id', '=', input.appointmentId)
    .where('state', 'in', recallStatesBefore('DONE'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The staff checked the vehicle: the campaign does not apply (already remedied elsewhere, part not fitted). */
export async function markRecallNotApplicable(db: Kysely<Database>, input: { campaignId: number; vehicleId: number; at: Date }): Promise<void> {
  const result = await db
    .updateTable('recall_vehicles')
    .set({ state: 'NOT_APPLICABLE', state_at: input.at.toISOString() })
    .where('campaign_id', '=', input.campaignId)
    .where('vehicle_id', '=', input.vehicleId)
    .where('state', 'in', recallStatesBefore('NOT_APPLICABLE'))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw AppError.conflict(messages.notOpen);
}

/**
 * The manager's KPI: per centre (the caller's, or every centre for an admin), the recall remedies booked there
 * (SCHEDULED or DONE, by the appointment's centre) and how many are DONE.
 */
export async function recallCompletionByCentre(db: Kysely<Database>, centreId: number | null): Promise<RecallCompletion> {
  let query = db
    .selectFrom('recall_vehicles as rv')
    .innerJoin('appointments as a', 'a.id', 'rv.appointment_id')
    .innerJoin('service_centres as sc', 'sc.id', 'a.centre_id')
    .select(['sc.id', 'sc.name'])
    .select((eb) => eb.fn.countAll<number | string>().as('scheduled'))
    .select((eb) => eb.fn.sum<number | string | null>(eb.case().when('rv.state', '=', 'DONE').then(1).else(0).end()).as('done'))
    .where('rv.state', 'in', ['SCHEDULED', 'DONE'])
    .groupBy(['sc.id', 'sc.name'])
    .orderBy('sc.name');
  if (centreId !== null) query = query.where('a.centre_id', '=', centreId);
  const rows = await query.execute();
  return {
    items: rows.map((row) => {
      const scheduled = Number(row.scheduled);
      const done = Number(row.done ?? 0);
      return { centreId: row.id, centreName: row.name, scheduled, done, completionPercent: scheduled === 0 ? null : Math.round((done / scheduled) * 1000) / 10 };
    }),
  };
}
