import type { Kysely } from 'kysely';
import type { NotificationChannel } from 'shared-contracts/schemas';
import type { Database } from '../../../db/schema';
import { toIsoUtc } from '../../../db/portable';

/** What waits in the outbox for one channel: how many messages, and since when the oldest. */
export interface ChannelBacklog {
  waiting: number;
  oldestSince: string | null;
}

/** The messages not sent yet, per channel (one grouped read of the pending rows). */
export async function readOutboxBacklog(db: Kysely<Database>): Promise<Map<NotificationChannel, ChannelBacklog>> {
  const rows = await db
    .selectFrom('notification_deliveries')
    .select((eb) => ['channel', eb.fn.countAll<number | string>().as('waiting'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .groupBy('channel')
    .execute();
  return new Map(rows.map((row) => [row.channel, { waiting: Number(row.waiting), oldestSince: row.oldest === null ? null : toIsoUtc(row.oldest) }]));
}
