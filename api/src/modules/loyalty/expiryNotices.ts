import { formatCalendarDate, vietnamDateOf } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import { notify, type NotifyDeps } from '../notifications';
import { EXPIRY_NOTICE_DAYS } from './loyaltyRules';

const DAY = 86_400_000;
/** Lots read per run (a day's notices come from few lots: those reaching their last 30 days). */
const LOTS_PER_RUN = 20_000;

/**
 * The daily notice of points about to expire: each member whose unspent points expire within EXPIRY_NOTICE_DAYS is
 * told once per expiry day (how many points, the date, a link to /loyalty), through the notification centre on their
 * chosen channels. Answers the members told.
 */
export async function noticeExpiringPoints(deps: NotifyDeps): Promise<number> {
  const until = new Date(deps.now.getTime() + EXPIRY_NOTICE_DAYS * DAY).toISOString();
  const lots = await deps.db
    .selectFrom('loyalty_entries')
    .select(['user_id', 'remaining', 'expires_at'])
    .where('remaining', '>', 0)
    .where('expires_at', '>', deps.now.toISOString())
    .where('expires_at', '<=', until)
    .orderBy('expires_at')
    .limit(LOTS_PER_RUN)
    .execute();
  const byMemberAndDay = new Map<string, { userId: number; day: string; points: number }>();
  for (const lot of lots) {
    const day = vietnamDateOf(new Date(toIsoUtc(lot.expires_at!)));
    const key = `${lot.user_id}:${day}`;
    const entry = byMemberAndDay.get(key) ?? { userId: lot.user_id, day, points: 0 };
    entry.points += lot.remaining;
    byMemberAndDay.set(key, entry);
  }
  const notices = [...byMemberAndDay.values()];
  const count = (points: number) => new Intl.NumberFormat('vi-VN').format(points);
  await notify(
    deps,
    notices.map((notice) => ({
      userId: notice.userId,
      kind: 'loyalty_points_expiring' as const,
      title: `${count(notice.points)} điểm thưởng sắp hết hạn`,
      body: `${count(notice.points)} điểm thưởng của bạn sẽ hết hạn vào ngày ${formatCalendarDate(notice.day)}. Hãy dùng điểm khi đặt hàng trước ngày này.`,
      link: '/loyalty',
      eventKey: `loyalty-expiring:${notice.userId}:${notice.day}`,
    })),
  );
  return new Set(notices.map((notice) => notice.userId)).size;
}
