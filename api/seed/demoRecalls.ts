import type { Kysely } from 'kysely';
import { vinLineOf, vinSerialOf } from 'shared-contracts/schemas';
import type { Database } from '../src/db/schema';
import { matchRecallVehicles, tellRecallBatchWithin } from '../src/modules/recalls';

/** The demo customer's VinFast VF 5 (serviceHistory.ts) is inside this range. */
export const DEMO_RECALL = {
  code: 'VF5-2611-01',
  manufacturer: 'VinFast',
  title: 'Kiểm tra bulông giá bắt mô-tơ gạt mưa',
  defect: 'Bulông giá bắt mô-tơ gạt mưa có thể không được siết đủ lực khi lắp ráp, gạt mưa có thể ngừng hoạt động.',
  remedy: 'Kiểm tra và siết lại bulông giá bắt mô-tơ gạt mưa theo lực quy định; thay bulông nếu hỏng.',
  labourMinutes: 30,
  parts: [{ name: 'Bulông giá mô-tơ gạt mưa M6', partNumber: 'VF5-WM-B06', quantity: 2 }],
  vinFrom: 'RLLVFPNT5RH120000',
  vinTo: 'RLLVFPNT5RH129999',
} as const;

/**
 * One ACTIVE recall campaign (issue 66 §4) by a VIN range holding the demo customer's VF 5: matched and its owner
 * told (the bell, and the channel they chose), so /my-vehicles, the booking and the counter's check-in show the flag.
 * Insert-only by code: a campaign the admin closed or changed since stays as it is. Returns the vehicles matched.
 */
export async function seedDemoRecalls(db: Kysely<Database>, adminEmail: string, now: Date = new Date()): Promise<number> {
  const existing = await db.selectFrom('recall_campaigns').select('id').where('code', '=', DEMO_RECALL.code).executeTakeFirst();
  if (existing) return 0;
  const admin = await db.selectFrom('users').select('id').where('email', '=', adminEmail).executeTakeFirstOrThrow();
  const startsOn = now.toISOString().slice(0, 10);
  const { id } = await db
    .insertInto('recall_campaigns')
    .values({
      code: DEMO_RECALL.code,
      manufacturer: DEMO_RECALL.manufacturer,
      title: DEMO_RECALL.title,
      defect: DEMO_RECALL.defect,
      remedy: DEMO_RECALL.remedy,
      labour_minutes: DEMO_RECALL.labourMinutes,
      parts: JSON.stringify(DEMO_RECALL.parts),
      starts_on: startsOn,
      ends_on: null,
      status: 'ACTIVE',
      created_by: admin.id,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('recall_campaign_vin_ranges')
    .values({ campaign_id: id, vin_line: vinLineOf(DEMO_RECALL.vinFrom), serial_from: vinSerialOf(DEMO_RECALL.vinFrom), serial_to: vinSerialOf(DEMO_RECALL.vinTo) })
    .execute();
  const matched = await matchRecallVehicles(db, { campaignId: id }, now);
  let batch = await tellRecallBatchWithin(db, { campaignId: id }, now);
  while (batch.claimed > 0) batch = await tellRecallBatchWithin(db, { campaignId: id }, now);
  return matched;
}
