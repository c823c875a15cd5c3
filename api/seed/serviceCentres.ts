import type { Kysely } from 'kysely';
import { toNumber } from '../src/db/portable';
import type { Database, NewServiceCentreRow } from '../src/db/schema';

type CentreSeed = Omit<NewServiceCentreRow, 'id' | 'created_at'>;

/**
 * The demo service centres (chi nhánh). Addresses use the two-level administrative format in force since
 * 1 July 2025 (phường/xã + tỉnh/thành phố), the ward also by its code (the carriers key addresses by it). Opening
 * hours are local time (Asia/Ho_Chi_Minh).
 */
export const SERVICE_CENTRES: readonly CentreSeed[] = [
  {
    slug: 'ha-noi-cau-giay',
    name: 'EV Service Cầu Giấy',
    city: 'Hà Nội',
    address: '136 Trần Duy Hưng, phường Yên Hòa, Hà Nội',
    ward_code: '00175',
    phone: '024 3795 6688',
    email: 'caugiay@evservice.vn',
    open_time: '08:00',
    close_time: '18:00',
    service_bays: 5,
  },
  {
    slug: 'ha-noi-long-bien',
    name: 'EV Service Long Biên',
    city: 'Hà Nội',
    address: '245 Nguyễn Văn Cừ, phường Bồ Đề, Hà Nội',
    ward_code: '00118',
    phone: '024 3872 4455',
    email: 'longbien@evservice.vn',
    open_time: '07:30',
    close_time: '17:30',
    service_bays: 3,
  },
  {
    slug: 'tp-hcm-binh-thanh',
    name: 'EV Service Bình Thạnh',
    city: 'TP. Hồ Chí Minh',
    address: '208 Điện Biên Phủ, phường Gia Định, TP. Hồ Chí Minh',
    ward_code: '26944',
    phone: '028 3512 7799',
    email: 'binhthanh@evservice.vn',
    open_time: '08:00',
    close_time: '19:00',
    service_bays: 6,
  },
  {
    slug: 'tp-hcm-thu-duc',
    name: 'EV Service Thủ Đức',
    city: 'TP. Hồ Chí Minh',
    address: '89 Võ Văn Ngân, phường Thủ Đức, TP. Hồ Chí Minh',
    ward_code: '26824',
    phone: '028 3722 1166',
    email: 'thuduc@evservice.vn',
    open_time: '07:30',
    close_time: '18:30',
    service_bays: 4,
  },
  {
    slug: 'da-nang-thanh-khe',
    name: 'EV Service Đà Nẵng',
    city: 'Đà Nẵng',
    address: '312 Nguyễn Văn Linh, phường Thanh Khê, Đà Nẵng',
    ward_code: '20209',
    phone: '0236 3655 288',
    email: 'danang@evservice.vn',
    open_time: '07:30',
    close_time: '17:30',
    service_bays: 4,
  },
  {
    slug: 'hai-phong-le-chan',
    name: 'EV Service Hải Phòng',
    city: 'Hải Phòng',
    address: '178 Tô Hiệu, phường Lê Chân, Hải Phòng',
    ward_code: '11383',
    phone: '0225 3846 579',
    email: 'haiphong@evservice.vn',
    open_time: '08:00',
    close_time: '17:30',
    service_bays: 3,
  },
  {
    slug: 'can-tho-ninh-kieu',
    name: 'EV Service Cần Thơ',
    city: 'Cần Thơ',
    address: '56 đường 30 Tháng 4, phường Ninh Kiều, Cần Thơ',
    ward_code: '31135',
    phone: '0292 3738 246',
    email: 'cantho@evservice.vn',
    open_time: '07:00',
    close_time: '17:00',
    service_bays: 2,
  },
];

/**
 * Inserts the demo centres that are missing (no centre with that slug); an existing centre is left as it is
 * (its hours, bays, phone... may have been changed since). Returns how many service centres exist (the online
 * warehouse, a stock location made by migration 0028, is not one).
 */
export async function seedServiceCentres(db: Kysely<Database>): Promise<number> {
  for (const centre of SERVICE_CENTRES) {
    await db
      .insertInto('service_centres')
      .values(centre)
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    // A centre seeded before wards were coded (migration 0065) gets its ward; one already coded keeps its own.
    await db.updateTable('service_centres').set({ ward_code: centre.ward_code }).where('slug', '=', centre.slug).where('ward_code', 'is', null).execute();
  }
  const row = await db.selectFrom('service_centres').select((eb) => eb.fn.countAll<number | string>().as('n')).where('kind', '=', 'SERVICE_CENTRE').executeTakeFirstOrThrow();
  return toNumber(row.n);
}
