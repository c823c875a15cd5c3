import type { Kysely } from 'kysely';
import type { ContactMessage, ContactReceipt } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';

export interface ContactRateLimit {
  /** Messages accepted per IP within the window. */
  max: number;
  windowMs: number;
}

/** 5 messages per 10 minutes from one IP address. */
export const CONTACT_RATE_LIMIT: ContactRateLimit = { max: 5, windowMs: 10 * 60 * 1000 };

/**
 * Seconds until `clientIp` may send again, or 0 when it may send now. Counted from the stored messages, so
 * the limit holds across restarts and across API instances sharing the database.
 */
export async function contactRetryAfterSeconds(
  db: Kysely<Database>,
  clientIp: string,
  now: Date,
  limit: ContactRateLimit = CONTACT_RATE_LIMIT,
): Promise<number> {
  const windowStart = new Date(now.getTime() - limit.windowMs).toISOString();
  const recent = await db
    .selectFrom('contact_messages')
    .select('created_at')
    .where('client_ip', '=', clientIp)
    .where('created_at', '>', windowStart)
    .orderBy('created_at', 'desc')
    .limit(limit.max)
    .execute();
  if (recent.length < limit.max) return 0;
  // The oldest of the last `max` messages leaves the window first.
  const oldest = Date.parse(toIsoUtc(recent[recent.length - 1]!.created_at));
  return Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000));
}

/** Stores a validated message for the staff (status 'new'). */
export async function storeContactMessage(db: Kysely<Database>, message: ContactMessage, clientIp: string, now: Date): Promise<ContactReceipt> {
  const row = await db
    .insertInto('contact_messages')
    .values({
      name: message.name,
      email: message.email?.toLowerCase() ?? null,
      phone: message.phone ?? null,
      subject: message.subject,
      message: message.message,
      client_ip: clientIp,
      created_at: now.toISOString(),
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, receivedAt: toIsoUtc(row.created_at) };
}
