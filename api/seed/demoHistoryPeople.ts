import type { Transaction } from 'kysely';
import type { Database } from '../src/db/schema';
import { hashPassword } from '../src/security/passwords';
import { DEMO_PASSWORD } from './demoAccounts';

/**
 * The demo history's people: technicians for the centres that had fewer than two (so every centre has a floor to
 * fill), and the web shop's customers (the history's web orders are theirs). Insert-only, like the rest of the seed.
 */

type Trx = Transaction<Database>;

interface DemoPerson {
  email: string;
  fullName: string;
  phoneNumber: string;
  centreSlug: string;
}

/** Demo technicians of the centres that had fewer than two (password DEMO_PASSWORD). */
export const DEMO_HISTORY_TECHNICIANS: readonly DemoPerson[] = [
  { email: 'kythuatvien2.longbien@evshop.vn', fullName: 'Trịnh Quang Huy', phoneNumber: '0942345671', centreSlug: 'ha-noi-long-bien' },
  { email: 'kythuatvien.binhthanh@evshop.vn', fullName: 'Lâm Hoàng Phúc', phoneNumber: '0932345672', centreSlug: 'tp-hcm-binh-thanh' },
  { email: 'kythuatvien2.binhthanh@evshop.vn', fullName: 'Châu Minh Trí', phoneNumber: '0932345673', centreSlug: 'tp-hcm-binh-thanh' },
  { email: 'kythuatvien.thuduc@evshop.vn', fullName: 'Nguyễn Thành Đạt', phoneNumber: '0932345674', centreSlug: 'tp-hcm-thu-duc' },
  { email: 'kythuatvien2.thuduc@evshop.vn', fullName: 'Phạm Văn Lộc', phoneNumber: '0932345675', centreSlug: 'tp-hcm-thu-duc' },
  { email: 'kythuatvien.thanhkhe@evshop.vn', fullName: 'Trương Công Vinh', phoneNumber: '0905345676', centreSlug: 'da-nang-thanh-khe' },
  { email: 'kythuatvien2.thanhkhe@evshop.vn', fullName: 'Lê Hữu Tài', phoneNumber: '0905345677', centreSlug: 'da-nang-thanh-khe' },
  { email: 'kythuatvien.lechan@evshop.vn', fullName: 'Đào Văn Kiên', phoneNumber: '0912345680', centreSlug: 'hai-phong-le-chan' },
  { email: 'kythuatvien2.lechan@evshop.vn', fullName: 'Mạc Đình Chiến', phoneNumber: '0912345679', centreSlug: 'hai-phong-le-chan' },
  { email: 'kythuatvien.ninhkieu@evshop.vn', fullName: 'Huỳnh Văn Nghĩa', phoneNumber: '0939345680', centreSlug: 'can-tho-ninh-kieu' },
  { email: 'kythuatvien2.ninhkieu@evshop.vn', fullName: 'Tô Minh Luân', phoneNumber: '0939345681', centreSlug: 'can-tho-ninh-kieu' },
];

/** The web shop's demo customers (no password: they exist for their orders). */
export const DEMO_HISTORY_CUSTOMERS: ReadonlyArray<{ email: string; fullName: string; phoneNumber: string; province: string; ward: string; street: string }> = [
  { email: 'khach.tranmai@example.vn', fullName: 'Trần Thị Mai', phoneNumber: '0981112201', province: 'Hà Nội', ward: 'Phường Láng', street: '18 Chùa Láng' },
  { email: 'khach.lequang@example.vn', fullName: 'Lê Văn Quang', phoneNumber: '0981112202', province: 'Hà Nội', ward: 'Phường Hoàng Mai', street: '92 Tam Trinh' },
  { email: 'khach.phamngoc@example.vn', fullName: 'Phạm Ngọc Ánh', phoneNumber: '0981112203', province: 'TP. Hồ Chí Minh', ward: 'Phường Bình Thạnh', street: '55 Xô Viết Nghệ Tĩnh' },
  { email: 'khach.vuhoang@example.vn', fullName: 'Vũ Hoàng Nam', phoneNumber: '0981112204', province: 'TP. Hồ Chí Minh', ward: 'Phường Thủ Đức', street: '210 Võ Văn Ngân' },
  { email: 'khach.dangthu@example.vn', fullName: 'Đặng Thu Hà', phoneNumber: '0981112205', province: 'Đà Nẵng', ward: 'Phường Thanh Khê', street: '7 Hà Huy Tập' },
  { email: 'khach.buiminh@example.vn', fullName: 'Bùi Minh Tuấn', phoneNumber: '0981112206', province: 'Hải Phòng', ward: 'Phường Lê Chân', street: '31 Tô Hiệu' },
  { email: 'khach.hothanh@example.vn', fullName: 'Hồ Thanh Tâm', phoneNumber: '0981112207', province: 'Cần Thơ', ward: 'Phường Ninh Kiều', street: '12 Trần Hưng Đạo' },
  { email: 'khach.ngoduc@example.vn', fullName: 'Ngô Đức Anh', phoneNumber: '0981112208', province: 'Hà Nội', ward: 'Phường Cầu Giấy', street: '66 Xuân Thủy' },
];

/** The history's people: the missing demo technicians and customers, then the technicians' centres. */
export async function seedHistoryPeople(trx: Trx, at: string): Promise<void> {
  const emails = [...DEMO_HISTORY_TECHNICIANS.map((p) => p.email), ...DEMO_HISTORY_CUSTOMERS.map((c) => c.email)];
  const existing = new Set((await trx.selectFrom('users').select('email').where('email', 'in', emails).execute()).map((row) => row.email));
  await insertDemoTechnicians(trx, DEMO_HISTORY_TECHNICIANS.filter((p) => !existing.has(p.email)), at);
  await insertDemoCustomers(trx, DEMO_HISTORY_CUSTOMERS.filter((c) => !existing.has(c.email)), at);
  await assignDemoTechnicians(trx, at);
}

/** The technicians not in the database yet, verified, who sign in with DEMO_PASSWORD. */
async function insertDemoTechnicians(trx: Trx, missing: readonly DemoPerson[], at: string): Promise<void> {
  const hash = missing.length > 0 ? await hashPassword(DEMO_PASSWORD) : null;
  for (const person of missing) {
    await trx
      .insertInto('users')
      .values({ email: person.email, password_hash: hash, full_name: person.fullName, phone_number: person.phoneNumber, role: 'technician', email_verified_at: at, created_at: at, updated_at: at })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The web shop's customers not in the database yet, without a password: they only own the history's orders. */
async function insertDemoCustomers(trx: Trx, missing: typeof DEMO_HISTORY_CUSTOMERS, at: string): Promise<void> {
  for (const customer of missing) {
    await trx
      .insertInto('users')
      .values({ email: customer.email, password_hash: null, full_name: customer.fullName, phone_number: customer.phoneNumber, address: `${customer.street}, ${customer.ward}, ${customer.province}`, role: 'customer', email_verified_at: at, created_at: at, updated_at: at })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Each demo technician who never had an assignment (and is still a technician) joins their centre; a moved or promoted one is left as an operator set them. */
async function assignDemoTechnicians(trx: Trx, at: string): Promise<void> {
  const technicians = await trx.selectFrom('users').select(['id', 'email', 'role']).where('email', 'in', DEMO_HISTORY_TECHNICIANS.map((p) => p.email)).execute();
  if (technicians.length === 0) return;
  const assignedOnce = new Set((await trx.selectFrom('staff_assignments').select('user_id').where('user_id', 'in', technicians.map((t) => t.id)).execute()).map((r) => r.user_id));
  const centres = new Map((await trx.selectFrom('service_centres').select(['id', 'slug']).execute()).map((c) => [c.slug, c.id]));
  for (const person of DEMO_HISTORY_TECHNICIANS) {
    const user = technicians.find((t) => t.email === person.email);
    const centreId = centres.get(person.centreSlug);
    if (!user || centreId === undefined || assignedOnce.has(user.id) || user.role !== 'technician') continue;
    await trx.insertInto('staff_assignments').values({ user_id: user.id, centre_id: centreId, assigned_at: at, ended_at: null }).execute();
  }
}
