import type { Kysely } from 'kysely';
import type { Database, NewUserRow } from '../src/db/schema';
import { DEMO_ACCOUNT_EMAILS } from '../src/security/demoDataGuard';
import { hashPassword } from '../src/security/passwords';
import { mapSavedAddress } from '../src/modules/addresses';

/** The one documented password of every demo account. */
export const DEMO_PASSWORD = 'EvShop@2026';

export interface DemoAccount {
  role: 'customer' | 'staff' | 'technician' | 'manager' | 'admin';
  /** Vietnamese name of the role, for the start-up banner. */
  roleLabel: string;
  email: string;
  fullName: string;
  phoneNumber: string;
  gender: 'MALE' | 'FEMALE';
  dateOfBirth: string;
  address: string;
}

/**
 * One verified account per role (`npm start` prints them; the e2e suite signs in with them). Their emails live on
 * the product side (security/demoDataGuard.ts): the API refuses to start in production while they exist.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'customer',
    roleLabel: 'Khách hàng',
    email: DEMO_ACCOUNT_EMAILS.customer,
    fullName: 'Nguyễn Minh Anh',
    phoneNumber: '0912345678',
    gender: 'FEMALE',
    dateOfBirth: '1995-03-14',
    address: '25 Lý Thường Kiệt, phường Cửa Nam, Hà Nội',
  },
  {
    role: 'staff',
    roleLabel: 'Nhân viên',
    email: DEMO_ACCOUNT_EMAILS.staff,
    fullName: 'Trần Quốc Bảo',
    phoneNumber: '0987654321',
    gender: 'MALE',
    dateOfBirth: '1992-07-02',
    address: '136 Trần Duy Hưng, phường Yên Hòa, Hà Nội',
  },
  {
    role: 'technician',
    roleLabel: 'Kỹ thuật viên',
    email: DEMO_ACCOUNT_EMAILS.technician,
    fullName: 'Lê Văn Cường',
    phoneNumber: '0901234567',
    gender: 'MALE',
    dateOfBirth: '1990-11-20',
    address: '208 Điện Biên Phủ, phường Gia Định, TP. Hồ Chí Minh',
  },
  {
    role: 'manager',
    roleLabel: 'Quản lý',
    email: DEMO_ACCOUNT_EMAILS.manager,
    fullName: 'Phạm Thu Hà',
    phoneNumber: '0934567890',
    gender: 'FEMALE',
    dateOfBirth: '1986-05-09',
    address: '312 Nguyễn Văn Linh, phường Thanh Khê, Đà Nẵng',
  },
  {
    role: 'admin',
    roleLabel: 'Quản trị viên',
    email: DEMO_ACCOUNT_EMAILS.admin,
    fullName: 'Hoàng Đức Dũng',
    phoneNumber: '0976543210',
    gender: 'MALE',
    dateOfBirth: '1984-01-27',
    address: '89 Võ Văn Ngân, phường Thủ Đức, TP. Hồ Chí Minh',
  },
];

/**
 * Creates the demo accounts that are missing (no user with that email): verified, with the demo password. An
 * existing account is left as it is (its name, phone, password, role may have been changed since). Returns how
 * many demo accounts exist.
 */
export async function seedDemoAccounts(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  const existing = new Set(
    (
      await db
        .selectFrom('users')
        .select('email')
        .where(
          'email',
          'in',
          DEMO_ACCOUNTS.map((account) => account.email),
        )
        .execute()
    ).map((row) => row.email),
  );
  // The one published demo password, hashed (argon2id) once for every account it is missing from.
  let demoHash: string | undefined;
  for (const account of DEMO_ACCOUNTS) {
    // Checked first so that a restart does not hash the password for nothing.
    if (existing.has(account.email)) continue;
    const values: NewUserRow = {
      email: account.email,
      password_hash: (demoHash ??= await hashPassword(DEMO_PASSWORD)),
      full_name: account.fullName,
      phone_number: account.phoneNumber,
      address: account.address,
      // The profile's structured delivery address, as migration 0065 maps saved addresses.
      ...(mapSavedAddress(account.address) ?? {}),
      date_of_birth: account.dateOfBirth,
      gender: account.gender,
      role: account.role,
      email_verified_at: at,
      created_at: at,
      updated_at: at,
    };
    // Any conflict (the email, or the phone number now someone else's): left alone, never overwritten.
    await db
      .insertInto('users')
      .values(values)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.map((account) => account.email),
    )
    .executeTakeFirstOrThrow();
  return Number(count);
}
