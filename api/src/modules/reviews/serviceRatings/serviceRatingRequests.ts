import type { Kysely } from 'kysely';
import { SERVICE_RATING_OFFER_DAYS } from 'shared-contracts/schemas';
import type { Database } from '../../../db/schema';
import type { Clock } from '../../../security/clock';
import { ratingRequestEmail, tellRatingRequested } from '../../notifications';

/** The most closed service orders one run of the rating-request job asks about. */
export const RATING_REQUEST_BATCH = 200;
/** When the job runs: every 10 minutes (once across instances). */
export const RATING_REQUEST_SCHEDULE = '*/10 * * * *';
const DAY_MS = 86_400_000;

/**
 * One run of "đánh giá lượt dịch vụ": each service order of a registered customer CLOSED within the offer window,
 * neither asked about nor rated yet, gets one request through the notification centre (under the bell, and on the
 * channel the customer chose for their car's news: the request email linking to the dashboard when that is email).
 * The row in service_rating_requests is written in the notification's transaction and its primary key lets only one
 * run (or instance) tell it; the notification's event key names the service order too. At most `batch` per run.
 * Resolves to the requests told; `announce` tells the customer's open pages after each commit (never throws).
 */
export async function sendRatingRequests(
  db: Kysely<Database>,
  clock: Clock,
  options: { publicUrl: string; batch?: number; announce?: (userId: number) => Promise<void> },
): Promise<number> {
  const now = clock.now();
  const since = new Date(now.getTime() - SERVICE_RATING_OFFER_DAYS * DAY_MS).toISOString();
  const rows = await db
    .selectFrom('service_orders as so')
    .innerJoin('users as u', 'u.id', 'so.user_id')
    .innerJoin('service_centres as c', 'c.id', 'so.centre_id')
    .select(['so.id', 'so.code', 'u.id as user_id', 'c.name as centre_name', 'u.full_name'])
    .where('so.status', '=', 'CLOSED')
    .where('so.closed_at', '>=', since)
    .where((eb) =>
      eb.and([
        eb.not(eb.exists(eb.selectFrom('service_rating_requests as q').select('q.service_order_id').whereRef('q.service_order_id', '=', 'so.id'))),
        eb.not(eb.exists(eb.selectFrom('service_ratings as r').select('r.id').whereRef('r.service_order_id', '=', 'so.id'))),
      ]),
    )
    .orderBy('so.closed_at')
    .orderBy('so.id')
    .limit(options.batch ?? RATING_REQUEST_BATCH)
    .execute();

  let sent = 0;
  for (const row of rows) {
    const told = await db.transaction().execute(async (trx) => {
      const marked = await trx
        .insertInto('service_rating_requests')
        .values({ service_order_id: row.id, sent_at: now.toISOString() })
        .onConflict((oc) => oc.column('service_order_id').doNothing())
        .returning('service_order_id')
        .executeTakeFirst();
      if (!marked) return 0;
      const email = ratingRequestEmail({ fullName: row.full_name, serviceOrderCode: row.code, centreName: row.centre_name, dashboardLink: `${options.publicUrl}/dashboard` });
      await tellRatingRequested(trx, now, row.user_id, { serviceOrderId: row.id, serviceOrderCode: row.code, centre: row.centre_name }, email);
      return 1;
    });
    if (told === 1) {
      sent += 1;
      await options.announce?.(row.user_id);
    }
  }
  return sent;
}
