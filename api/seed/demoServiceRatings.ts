import type { Insertable, Kysely } from 'kysely';
import { countRows } from '../src/db/portable';
import type { Database } from '../src/db/schema';
import type { ServiceRatingsTable } from '../src/db/serviceRatingSchema';
import { instantParameter } from '../src/db/sqlDialect';
import { DEMO_ACCOUNT_EMAILS } from '../src/security/demoDataGuard';
import { hashText } from './demoRandom';
import { inBatches } from './seedBatches';

/**
 * The demo's service ratings (issue 48 §5): the demo history's customers rate about half of their CLOSED visits
 * of the last RATED_DAYS days, a few hours to two days after closing — mostly 4–5 stars, a few 3, a few 1–2 —
 * with the yes/no questions, the technician's stars and Vietnamese comments. Each rating at 2 stars or less has its
 * follow-up: closed with the manager's call notes and an outcome when it is more than a week old, still open or
 * contacted when recent. The demo manager's centre gets one low rating of today waiting for a call (OPEN) and one
 * handled (CLOSED, notes and outcome). The demo customer's (khachhang@) visits are left unrated, so that the
 * dashboard offers any recent one. Visits already asked about by email are marked so, so the rating-request job
 * only asks about what closes from now on.
 *
 * What a visit gets follows from its code alone, so a re-run picks the same; a rated visit is left as it is
 * (insert-only, idempotent).
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const RATED_DAYS = 60;
/** Share of the closed visits rated, in percent. */
const RATED_PERCENT = 50;

const COMMENTS: Record<number, readonly string[]> = {
  5: [
    'Nhân viên tư vấn nhiệt tình, làm nhanh gọn. Rất hài lòng!',
    'Kỹ thuật viên giải thích rõ từng hạng mục, xe chạy êm hơn hẳn.',
    'Đặt lịch online tiện, đến là được làm luôn không phải chờ.',
    'Xe được rửa sạch sẽ khi trả, cảm ơn trung tâm.',
    'Giá minh bạch, báo trước khi thay phụ tùng. Sẽ quay lại.',
    '',
  ],
  4: [
    'Dịch vụ tốt, chỉ chờ thanh toán hơi lâu một chút.',
    'Làm kỹ, nhưng phòng chờ hơi đông vào cuối tuần.',
    'Ổn, kỹ thuật viên thân thiện. Mong có thêm chỗ đỗ xe.',
    'Xe kiểm tra đầy đủ, trả xe đúng hẹn.',
    '',
  ],
  3: ['Tạm được, thời gian chờ lâu hơn dự kiến khoảng 40 phút.', 'Làm đúng việc nhưng không ai gọi báo khi xe xong.', ''],
  2: ['Hẹn 9h nhưng 10h30 mới bắt đầu làm, không được báo trước.', 'Xe trả về còn bẩn, vết dầu trên yên xe.'],
  1: ['Sau bảo dưỡng xe vẫn báo lỗi pin, phải quay lại lần nữa.', 'Nhân viên thiếu nhiệt tình, hỏi gì cũng không rõ.'],
};

const NOTES = ['Đã gọi cho khách, xin lỗi về sự chậm trễ và hẹn kiểm tra lại miễn phí.', 'Khách đã quay lại, kỹ thuật viên kiểm tra và xử lý xong.'];
const OUTCOMES = ['Đã xử lý lỗi, tặng khách phiếu rửa xe miễn phí. Khách hài lòng.', 'Đã xin lỗi khách, nhắc nhở tổ kỹ thuật về giờ hẹn.'];

/** Stars from a hash: 5 ≈ 55 %, 4 ≈ 27 %, 3 ≈ 10 %, 2 ≈ 5 %, 1 ≈ 3 %. */
function starsOf(hash: number): number {
  const roll = hash % 100;
  return roll < 55 ? 5 : roll < 82 ? 4 : roll < 92 ? 3 : roll < 97 ? 2 : 1;
}

const pick = <T>(list: readonly T[], hash: number): T => list[hash % list.length]!;

interface Visit {
  id: number;
  code: string;
  user_id: number | null;
  centre_id: number;
  technician_id: number | null;
  closed_at: Date | string | null;
}

function ratingOf(visit: Visit, now: number, forced?: { stars: number; at: number }): Insertable<ServiceRatingsTable> {
  const hash = hashText(visit.code);
  const stars = forced?.stars ?? starsOf(hash);
  const low = stars <= 2;
  const at = forced?.at ?? Math.min(now - HOUR, new Date(visit.closed_at!).getTime() + (2 + ((hash >>> 8) % 46)) * HOUR);
  const answered = (shift: number) => ((hash >>> shift) % 5 === 0 ? null : low ? (hash >>> shift) % 3 === 0 : (hash >>> shift) % 9 !== 0);
  const iso = new Date(at).toISOString();
  return {
    service_order_id: visit.id,
    user_id: visit.user_id!,
    centre_id: visit.centre_id,
    technician_id: visit.technician_id,
    stars,
    on_time: bit(answered(12)),
    explained_clearly: bit(answered(15)),
    car_clean: bit(answered(18)),
    technician_stars: visit.technician_id === null || (hash >>> 21) % 4 === 0 ? null : Math.max(1, Math.min(5, stars + (((hash >>> 23) % 3) - 1 === 1 && stars < 5 ? 1 : 0))),
    comment: pick(COMMENTS[stars]!, hash >>> 4),
    created_at: iso,
    updated_at: iso,
  };
}

const bit = (value: boolean | null): number | null => (value === null ? null : value ? 1 : 0);

/** Seeds the demo ratings and their follow-ups; resolves to the ratings written now (0 on a re-run). */
export async function seedDemoServiceRatings(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const nowMs = now.getTime();
  const since = new Date(nowMs - RATED_DAYS * DAY).toISOString();
  const demoCustomer = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNT_EMAILS.customer).executeTakeFirst();
  const visits: Visit[] = await db
    .selectFrom('service_orders')
    .select(['id', 'code', 'user_id', 'centre_id', 'technician_id', 'closed_at'])
    .where('status', '=', 'CLOSED')
    .where('user_id', 'is not', null)
    .where('closed_at', '>=', since)
    .where('closed_at', '<', now.toISOString())
    .$if(demoCustomer !== undefined, (q) => q.where('user_id', '<>', demoCustomer!.id))
    .orderBy('closed_at')
    .orderBy('id')
    .execute();
  if (visits.length === 0) return 0;

  // The demo manager's centre: its latest visit a low rating of today (OPEN), an older one handled (CLOSED).
  const manager = await db
    .selectFrom('users')
    .innerJoin('staff_assignments', 'staff_assignments.user_id', 'users.id')
    .select(['users.id', 'staff_assignments.centre_id'])
    .where('users.email', '=', DEMO_ACCOUNT_EMAILS.manager)
    .where('staff_assignments.ended_at', 'is', null)
    .executeTakeFirst();
  const forced = new Map<number, { stars: number; at: number; followUp: 'OPEN' | 'CLOSED' }>();
  if (manager) {
    const atCentre = visits.filter((visit) => visit.centre_id === manager.centre_id);
    const latest = atCentre.at(-1);
    const older = atCentre.find((visit) => new Date(visit.closed_at!).getTime() < nowMs - 14 * DAY && new Date(visit.closed_at!).getTime() > nowMs - 30 * DAY);
    if (latest) forced.set(latest.id, { stars: 2, at: Math.max(new Date(latest.closed_at!).getTime() + 10 * 60_000, nowMs - 3 * HOUR), followUp: 'OPEN' });
    if (older) forced.set(older.id, { stars: 1, at: new Date(older.closed_at!).getTime() + 5 * HOUR, followUp: 'CLOSED' });
  }

  const rated = visits.filter((visit) => forced.has(visit.id) || hashText(`rate:${visit.code}`) % 100 < RATED_PERCENT);
  const rows = rated.map((visit) => {
    const force = forced.get(visit.id);
    return ratingOf(visit, nowMs, force ? { stars: force.stars, at: Math.min(force.at, nowMs - 60_000) } : undefined);
  });
  const before = await countRows(db, 'service_ratings');
  await inBatches(rows, (chunk) =>
    db
      .insertInto('service_ratings')
      .values(chunk)
      .onConflict((oc) => oc.column('service_order_id').doNothing())
      .execute(),
  );
  const written = (await countRows(db, 'service_ratings')) - before;

  // Follow-ups of the low ratings that have none yet.
  const lows = await db
    .selectFrom('service_ratings as r')
    .innerJoin('service_orders as so', 'so.id', 'r.service_order_id')
    .leftJoin('service_rating_follow_ups as f', 'f.rating_id', 'r.id')
    .select(['r.id', 'r.centre_id', 'r.created_at', 'r.service_order_id', 'so.code'])
    .where('r.stars', '<=', 2)
    .where('f.id', 'is', null)
    .execute();
  const centreManagers = await db
    .selectFrom('staff_assignments')
    .innerJoin('users', 'users.id', 'staff_assignments.user_id')
    .select(['staff_assignments.centre_id', 'users.id'])
    .where('users.role', '=', 'manager')
    .where('staff_assignments.ended_at', 'is', null)
    .execute();
  const managerOf = new Map(centreManagers.map((row) => [row.centre_id, row.id]));
  for (const low of lows) {
    const hash = hashText(`follow:${low.code}`);
    const createdMs = new Date(low.created_at).getTime();
    const status = forced.get(low.service_order_id)?.followUp ?? (nowMs - createdMs > 7 * DAY ? 'CLOSED' : hash % 2 === 0 ? 'OPEN' : 'CONTACTED');
    const closer = managerOf.get(low.centre_id) ?? null;
    const calledAt = createdMs + (3 + (hash % 20)) * HOUR;
    const closedAt = calledAt + 2 * DAY;
    const followUp = await db
      .insertInto('service_rating_follow_ups')
      .values({
        rating_id: low.id,
        centre_id: low.centre_id,
        status,
        opened_at: new Date(createdMs).toISOString(),
        outcome: status === 'CLOSED' ? pick(OUTCOMES, hash >>> 3) : null,
        closed_at: status === 'CLOSED' ? new Date(Math.min(closedAt, nowMs - HOUR)).toISOString() : null,
        closed_by: status === 'CLOSED' ? closer : null,
      })
      .onConflict((oc) => oc.column('rating_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!followUp || status === 'OPEN') continue;
    const notes = status === 'CLOSED' ? NOTES : NOTES.slice(0, 1);
    await db
      .insertInto('service_rating_follow_up_notes')
      .values(notes.map((text, index) => ({ follow_up_id: followUp.id, author_id: closer, text, created_at: new Date(Math.min(calledAt + index * DAY, nowMs - 2 * HOUR)).toISOString() })))
      .execute();
  }

  // The history's visits count as asked already: the job emails about visits that close from now on.
  await db
    .insertInto('service_rating_requests')
    .columns(['service_order_id', 'sent_at'])
    .expression((eb) =>
      eb
        .selectFrom('service_orders as so')
        .select(['so.id', instantParameter(db, now.toISOString()).as('sent_at')])
        .where('so.status', '=', 'CLOSED')
        .where('so.user_id', 'is not', null)
        .where('so.closed_at', '>=', new Date(nowMs - 30 * DAY).toISOString())
        .$if(demoCustomer !== undefined, (q) => q.where('so.user_id', '<>', demoCustomer!.id)),
    )
    .onConflict((oc) => oc.column('service_order_id').doNothing())
    .execute();
  return written;
}
