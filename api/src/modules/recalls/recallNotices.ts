import type { Kysely } from 'kysely';
import type { RecallVehicleState } from 'shared-contracts/schemas';
import { inTransaction } from '../../db/inTransaction';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/eventBus';
import { announcePending, notifyWithin, type NotifyInput } from '../notifications';
import { recallMessages as messages } from './recallMessages';

export interface RecallNoticeDeps {
  db: Kysely<Database>;
  events: EventBus;
  now: Date;
}

/** Vehicles claimed and told per transaction. */
const BATCH = 200;
const AFFECTED: RecallVehicleState = 'AFFECTED';

/**
 * Tells the owners of the AFFECTED vehicles of ACTIVE campaigns (one campaign, or all), through the notification
 * centre on the channels each owner chose for the 'service' topic (ZNS, SMS, email, push; the bell always).
 * Once, even with several instances sending at the same time: each batch is claimed by
 * `UPDATE … SET state = 'NOTIFIED' WHERE state = 'AFFECTED' … RETURNING` in the transaction that writes the
 * notifications — on PostgreSQL a second sender's update waits on the first's row locks and, re-reading the rows
 * after its commit, finds them NOTIFIED and claims none; SQLite runs one writer at a time — and the centre's
 * unique (user_id, event_key 'recall:<campaign>:<vehicle>') would refuse a second notification anyway.
 * Answers how many vehicles' owners this call told.
 */
export async function sendRecallNotices(deps: RecallNoticeDeps, scope: { campaignId?: number } = {}): Promise<number> {
  let told = 0;
  for (;;) {
    const { claimed, users } = await inTransaction(deps.db, (trx) => tellRecallBatchWithin(trx, scope, deps.now));
    // Another sender holds these rows: it tells them; this one stops rather than wait on its next batch.
    if (claimed <= 0) break;
    told += claimed;
    for (const userId of users) await announcePending({ db: deps.db, events: deps.events, now: deps.now }, userId);
  }
  return told;
}

/**
 * One batch inside the caller's transaction: claims up to BATCH AFFECTED vehicles (guarded UPDATE … RETURNING) and
 * writes their owners' notifications with their deliveries. `claimed` 0: nothing left; -1: another sender holds them.
 * The seed calls it in its own transaction (the demo campaign's owner told).
 */
export async function tellRecallBatchWithin(trx: Kysely<Database>, scope: { campaignId?: number }, now: Date): Promise<{ claimed: number; users: number[] }> {
  const at = now.toISOString();
  let candidates = trx
    .selectFrom('recall_vehicles as rv')
    .innerJoin('recall_campaigns as c', 'c.id', 'rv.campaign_id')
    .select('rv.id')
    .where('rv.state', '=', AFFECTED)
    .where('c.status', '=', 'ACTIVE')
    .orderBy('rv.id')
    .limit(BATCH);
  if (scope.campaignId !== undefined) candidates = candidates.where('rv.campaign_id', '=', scope.campaignId);
  const ids = (await candidates.execute()).map((row) => row.id);
  if (ids.length === 0) return { claimed: 0, users: [] as number[] };
  const rows = await trx
    .updateTable('recall_vehicles')
    .set({ state: 'NOTIFIED', state_at: at, notified_at: at })
    .where('id', 'in', ids)
    .where('state', '=', AFFECTED)
    .returning(['campaign_id', 'vehicle_id'])
    .execute();
  if (rows.length === 0) return { claimed: -1, users: [] as number[] };
  const details = await trx
    .selectFrom('vehicles as v')
    .innerJoin('recall_vehicles as rv', 'rv.vehicle_id', 'v.id')
    .innerJoin('recall_campaigns as c', 'c.id', 'rv.campaign_id')
    .select(['v.id as vehicle_id', 'v.user_id', 'v.brand', 'v.model', 'v.license_plate', 'c.id as campaign_id', 'c.code', 'c.title', 'c.remedy'])
    .where('rv.id', 'in', ids)
    .execute();
  const claimedKeys = new Set(rows.map((row) => `${row.campaign_id}:${row.vehicle_id}`));
  const inputs: NotifyInput[] = details
    .filter((row) => claimedKeys.has(`${row.campaign_id}:${row.vehicle_id}`))
    .map((row) => ({
      userId: row.user_id,
      kind: 'vehicle_recall',
      title: messages.noticeTitle,
      body: `${row.brand} ${row.model} (${row.license_plate}) thuộc chiến dịch triệu hồi ${row.code} – ${row.title}. Khắc phục miễn phí: ${row.remedy} Vui lòng đặt lịch tại trung tâm.`,
      link: `/my-vehicles?recall=${row.campaign_id}`,
      eventKey: `recall:${row.campaign_id}:${row.vehicle_id}`,
      templateData: { code: row.code, plate: row.license_plate },
    }));
  await notifyWithin(trx, inputs, now);
  return { claimed: rows.length, users: [...new Set(inputs.map((input) => input.userId))] };
}
