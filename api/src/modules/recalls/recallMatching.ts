import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { instantParameter } from '../../db/sqlDialect';

/**
 * Which vehicles a campaign affects, as one set-based statement: every live vehicle (not deleted) matching any of
 * the campaign's scope rows — its reference model with the production year (vehicles.year) in the range, its VIN in
 * a range (the first 11 characters equal the range's line, the last 6 sort between the serial ends), its VIN in the
 * list — gets a recall_vehicles row AFFECTED; a vehicle already there keeps its row and state (ON CONFLICT DO
 * NOTHING), so matching again (a campaign edited, a vehicle added or changed) never resets a state nor duplicates.
 * Only ACTIVE campaigns match. `campaignId` and `vehicleId` narrow it (a new campaign; a vehicle just written).
 * Answers how many rows were added.
 */
export async function matchRecallVehicles(db: Kysely<Database>, scope: { campaignId?: number; vehicleId?: number }, now: Date): Promise<number> {
  const at = instantParameter(db, now.toISOString());
  const campaignFilter = scope.campaignId === undefined ? sql`` : sql`and c.id = ${scope.campaignId}`;
  const vehicleFilter = scope.vehicleId === undefined ? sql`` : sql`and v.id = ${scope.vehicleId}`;
  const result = await sql`
    insert into recall_vehicles (campaign_id, vehicle_id, state, state_at)
    select c.id, v.id, 'AFFECTED', ${at}
    from recall_campaigns c
    join vehicles v on v.deleted_at is null ${vehicleFilter}
    where c.status = 'ACTIVE' ${campaignFilter}
      and (
        exists (
          select 1 from recall_campaign_models m
          where m.campaign_id = c.id and m.model_id = v.model_id
            and (m.year_from is null or v.year >= m.year_from)
            and (m.year_to is null or v.year <= m.year_to)
        )
        or exists (
          select 1 from recall_campaign_vin_ranges r
          where r.campaign_id = c.id and substr(v.vin, 1, 11) = r.vin_line
            and length(v.vin) = 17 and substr(v.vin, 12, 6) between r.serial_from and r.serial_to
        )
        or exists (select 1 from recall_campaign_vins l where l.campaign_id = c.id and l.vin = v.vin)
      )
    on conflict (campaign_id, vehicle_id) do nothing
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
