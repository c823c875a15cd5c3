import { sql, type Kysely } from 'kysely';
import { vietnamDateOf } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { announcePending, notifyWithin, type NotifyDeps } from '../notifications';
import { settingsAt } from './loyaltySettings';
import { lotExpiry } from './loyaltyRules';
import { creditLot, holdMember } from './pointsLedger';

type Db = Kysely<Database>;

/** Customers read per batch (a day's birthdays: about 1/365 of them). */
const BIRTHDAYS_PER_BATCH = 500;

export const birthdayKeyOf = (userId: number, year: string) => `birthday-${userId}-${year}`;
export const BIRTHDAY_REASON = 'Thưởng sinh nhật';

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The birthdays ('MM-DD') celebrated on Vietnamese date `day`: 29 February's on 28 February of a common year. */
export function birthdaysOn(day: string): string[] {
  const monthDay = day.slice(5);
  return monthDay === '02-28' && !isLeapYear(Number(day.slice(0, 4))) ? ['02-28', '02-29'] : [monthDay];
}

/**
 * The birthday bonus (an earning rule; a daily job at 08:00): each customer whose birthday is today in Vietnam gets the
 * bonus of the rules in force now, once a year (its key), as a BONUS lot expiring like an earning, and is told through
 * the notification centre in the same transaction. Batches of BIRTHDAYS_PER_BATCH; a run again the same day gives
 * nothing twice. Answers the bonuses given.
 */
export async function giveBirthdayBonuses(deps: NotifyDeps): Promise<number> {
  const { db, now } = deps;
  const rules = await settingsAt(db, now);
  if (rules.birthdayBonus <= 0) return 0;
  const today = vietnamDateOf(now);
  const year = today.slice(0, 4);
  const points = rules.birthdayBonus;
  const shown = new Intl.NumberFormat('vi-VN').format(points);
  let given = 0;
  let after = 0;
  for (;;) {
    const batch = await db
      .selectFrom('users')
      .select('users.id')
      .where('users.role', '=', 'customer')
      .where('users.disabled_at', 'is', null)
      .where('users.id', '>', after)
      .where(sql<string>`substr(${sql.ref('users.date_of_birth')}, 6, 5)`, 'in', birthdaysOn(today))
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('loyalty_entries').select('loyalty_entries.id').where('loyalty_entries.entry_key', '=', sql<string>`'birthday-' || cast(${sql.ref('users.id')} as varchar(20)) || ${'-' + year}`))),
      )
      .orderBy('users.id')
      .limit(BIRTHDAYS_PER_BATCH)
      .execute();
    for (const { id: userId } of batch) {
      const written = await db.transaction().execute(async (trx: Db) => {
        await holdMember(trx, userId);
        const entry = await creditLot(trx, { userId, points, key: birthdayKeyOf(userId, year), reason: BIRTHDAY_REASON, saleId: null, actorId: null, at: now, expiresAt: lotExpiry(now), kind: 'BONUS' });
        if (entry === null) return false;
        await notifyWithin(
          trx,
          {
            userId,
            kind: 'loyalty_birthday_bonus',
            title: `Chúc mừng sinh nhật! Bạn được tặng ${shown} điểm thưởng`,
            body: `Nhân dịp sinh nhật, cửa hàng tặng bạn ${shown} điểm thưởng. Hãy dùng điểm khi đặt hàng hoặc thanh toán dịch vụ.`,
            link: '/loyalty',
            eventKey: `loyalty-birthday:${userId}:${year}`,
          },
          now,
        );
        return true;
      });
      if (written) {
        given += 1;
        await announcePending(deps, userId);
      }
    }
    if (batch.length < BIRTHDAYS_PER_BATCH) break;
    after = batch.at(-1)!.id;
  }
  return given;
}
