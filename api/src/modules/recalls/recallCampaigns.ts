import type { Kysely } from 'kysely';
import {
  ERROR_CODES,
  RECALL_CAMPAIGN_STATUS_LABELS,
  RECALL_VEHICLE_STATES,
  recallCampaignInputSchema,
  vinLineOf,
  vinSerialOf,
  vehicleModelLabel,
  type RecallCampaign,
  type RecallCampaignParsed,
  type RecallCampaignStatus,
  type RecallPart,
  type RecallVehicleState,
} from 'shared-contracts/schemas';
import { inTransaction } from '../../db/inTransaction';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { RecallCampaignRow } from '../../db/recallSchema';
import { AppError } from '../../http/appError';
import { apiMessages } from '../../http/messages';
import { matchRecallVehicles } from './recallMatching';
import { recallMessages as messages } from './recallMessages';
import { parseVinCsv } from './vinCsv';

/** Rows one insert writes (the VIN list). */
const INSERT_CHUNK = 500;

/** The admin's body checked here (422 with a Vietnamese message per field), the VIN list CSV parsed and bounded. */
export function parseRecallCampaignInput(body: unknown): RecallCampaignParsed & { vins: string[] } {
  const parsed = recallCampaignInputSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
    throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, errors[0]?.message ?? apiMessages.validation, errors);
  }
  return { ...parsed.data, vins: parseVinCsv(parsed.data.vinCsv) };
}

/**
 * Records a campaign and its scope in one transaction, then matches the fleet (one statement, after the commit so a
 * long match never holds the campaign's insert). Answers the campaign with its counts.
 */
export async function createRecallCampaign(db: Kysely<Database>, input: RecallCampaignParsed & { vins: string[] }, actorId: number, now: Date): Promise<RecallCampaign> {
  const modelIds = [...new Set(input.models.map((row) => row.modelId))];
  if (modelIds.length > 0) {
    const known = await db.selectFrom('vehicle_models').select('id').where('id', 'in', modelIds).execute();
    if (known.length !== modelIds.length) throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, messages.modelUnknown, [{ field: 'models', message: messages.modelUnknown }]);
  }
  const taken = await db.selectFrom('recall_campaigns').select('id').where('code', '=', input.code).executeTakeFirst();
  if (taken) throw AppError.conflict(messages.codeTaken);
  const campaignId = await inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('recall_campaigns')
      .values({
        code: input.code,
        manufacturer: input.manufacturer,
        title: input.title,
        defect: input.defect,
        remedy: input.remedy,
        labour_minutes: input.labourMinutes,
        parts: JSON.stringify(input.parts),
        starts_on: input.startsOn,
        ends_on: input.endsOn ?? null,
        status: 'ACTIVE',
        created_by: actorId,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const models = new Map(input.models.map((row) => [row.modelId, row]));
    if (models.size > 0) {
      await trx
        .insertInto('recall_campaign_models')
        .values([...models.values()].map((row) => ({ campaign_id: id, model_id: row.modelId, year_from: row.yearFrom ?? null, year_to: row.yearTo ?? null })))
        .execute();
    }
    if (input.vinRanges.length > 0) {
      await trx
        .insertInto('recall_campaign_vin_ranges')
        .values(input.vinRanges.map((range) => ({ campaign_id: id, vin_line: vinLineOf(range.from), serial_from: vinSerialOf(range.from), serial_to: vinSerialOf(range.to) })))
        .execute();
    }
    for (let start = 0; start < input.vins.length; start += INSERT_CHUNK) {
      await trx
        .insertInto('recall_campaign_vins')
        .values(input.vins.slice(start, start + INSERT_CHUNK).map((vin) => ({ campaign_id: id, vin })))
        .execute();
    }
    return id;
  });
  await matchRecallVehicles(db, { campaignId }, now);
  return (await readRecallCampaign(db, campaignId))!;
}

/** Closes an ACTIVE campaign: its open vehicles are no longer flagged; rows and states stay for the record. */
export async function closeRecallCampaign(db: Kysely<Database>, campaignId: number, now: Date): Promise<RecallCampaign> {
  const row = await db.selectFrom('recall_campaigns').select('status').where('id', '=', campaignId).executeTakeFirst();
  if (!row) throw AppError.notFound(messages.notFound);
  if (row.status === 'CLOSED') throw AppError.conflict(messages.alreadyClosed);
  await db.updateTable('recall_campaigns').set({ status: 'CLOSED', closed_at: now.toISOString() }).where('id', '=', campaignId).where('status', '=', 'ACTIVE').execute();
  return (await readRecallCampaign(db, campaignId))!;
}

export async function listRecallCampaigns(db: Kysely<Database>): Promise<RecallCampaign[]> {
  const rows = await db.selectFrom('recall_campaigns').selectAll().orderBy('status').orderBy('id', 'desc').limit(500).execute();
  return campaignsOf(db, rows);
}

export async function readRecallCampaign(db: Kysely<Database>, campaignId: number): Promise<RecallCampaign | null> {
  const row = await db.selectFrom('recall_campaigns').selectAll().where('id', '=', campaignId).executeTakeFirst();
  return row ? ((await campaignsOf(db, [row]))[0] ?? null) : null;
}

async function campaignsOf(db: Kysely<Database>, rows: readonly RecallCampaignRow[]): Promise<RecallCampaign[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [counts, models, ranges, vinCounts] = await Promise.all([
    db.selectFrom('recall_vehicles').select(['campaign_id', 'state']).select((eb) => eb.fn.countAll<number | string>().as('n')).where('campaign_id', 'in', ids).groupBy(['campaign_id', 'state']).execute(),
    db
      .selectFrom('recall_campaign_models as cm')
      .innerJoin('vehicle_models as m', 'm.id', 'cm.model_id')
      .select(['cm.campaign_id', 'cm.model_id', 'cm.year_from', 'cm.year_to', 'm.brand', 'm.model', 'm.variant'])
      .where('cm.campaign_id', 'in', ids)
      .orderBy('m.brand')
      .orderBy('m.model')
      .execute(),
    db.selectFrom('recall_campaign_vin_ranges').selectAll().where('campaign_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('recall_campaign_vins').select('campaign_id').select((eb) => eb.fn.countAll<number | string>().as('n')).where('campaign_id', 'in', ids).groupBy('campaign_id').execute(),
  ]);
  return rows.map((row) => {
    const stateCounts = Object.fromEntries(RECALL_VEHICLE_STATES.map((state) => [state, 0])) as Record<RecallVehicleState, number>;
    for (const count of counts) if (count.campaign_id === row.id) stateCounts[count.state as RecallVehicleState] = Number(count.n);
    return {
      id: row.id,
      code: row.code,
      manufacturer: row.manufacturer,
      title: row.title,
      defect: row.defect,
      remedy: row.remedy,
      labourMinutes: row.labour_minutes,
      parts: partsOf(row.parts),
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      status: row.status as RecallCampaignStatus,
      statusLabel: RECALL_CAMPAIGN_STATUS_LABELS[row.status as RecallCampaignStatus],
      models: models
        .filter((model) => model.campaign_id === row.id)
        .map((model) => ({ modelId: model.model_id, label: vehicleModelLabel(model), yearFrom: model.year_from, yearTo: model.year_to })),
      vinRanges: ranges.filter((range) => range.campaign_id === row.id).map((range) => ({ from: `${range.vin_line}${range.serial_from}`, to: `${range.vin_line}${range.serial_to}` })),
      vinListCount: Number(vinCounts.find((count) => count.campaign_id === row.id)?.n ?? 0),
      counts: stateCounts,
      createdAt: toIsoUtc(row.created_at),
    };
  });
}

function partsOf(json: string): Required<RecallPart>[] {
  try {
    const parts = JSON.parse(json) as unknown;
    return Array.isArray(parts) ? (parts as Required<RecallPart>[]) : [];
  } catch {
    return [];
  }
}
