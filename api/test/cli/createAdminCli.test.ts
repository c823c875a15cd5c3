import { verifyPassword } from '../../src/security/passwords';
import { latestCode, startAuthApp, testConfig, type AuthTestApp } from '../support/authTestKit';
import { productionDatabase, useScratchDatabase, type ScratchDatabase } from '../support/testDatabases';
import { runCli } from './runCli';
import { emailOutbox } from '../support/emailOutbox';

const SECRET = testConfig().jwtSecret!;
const PASSWORD = 'ChuCuaHang#2026';

/** The CLI's environment for the scratch database: its SQLite file or its PostgreSQL URL, the tests' JWT key. */
function cliEnv(scratch: ScratchDatabase): Record<string, string> {
  const { databaseUrl, sqliteFile } = scratch.config;
  return { JWT_SECRET: SECRET, PUBLIC_URL: 'https://cuahang.example.vn', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { SQLITE_FILE: sqliteFile }) };
}

describe.each(productionDatabase())('admin:create (cli/createAdmin.ts) on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let api: AuthTestApp;
  beforeAll(async () => {
    api = await startAuthApp(scratch.db);
  });
  afterAll(async () => api.close());

  const admin = (email: string, input: string, ...more: string[]) => runCli('src/cli/createAdmin.ts', ['--email', email, ...more], cliEnv(scratch), input);
  const login = (email: string, password: string) => api.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const userByEmail = (email: string) => scratch.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  it('creates a verified admin from a piped password, who can then log in; the password is not printed', async () => {
    const run = await admin('Chu.CuaHang@Shop.vn', `${PASSWORD}\n`, '--name', 'Trần Chủ Cửa Hàng', '--phone', '0912 000 111');
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toContain('chu.cuahang@shop.vn');
    expect(run.stdout).toContain('quản trị viên');
    expect(`${run.stdout}${run.stderr}`).not.toContain(PASSWORD);

    const row = (await userByEmail('chu.cuahang@shop.vn'))!;
    expect(row).toMatchObject({ role: 'admin', full_name: 'Trần Chủ Cửa Hàng', phone_number: '0912000111' });
    expect(row.email_verified_at).not.toBeNull();
    expect(await verifyPassword(row.password_hash!, PASSWORD)).toBe(true);
    // No code, no invite: nothing in the outbox.
    expect(await emailOutbox(scratch.db).select('id').where('to_address', '=', row.email).execute()).toEqual([]);

    const response = await login('chu.cuahang@shop.vn', PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ role: 'admin', emailVerified: true });
  }, 60_000);

  it('refuses a password shorter than the sign-up rule, and no password at all, creating nobody', async () => {
    const weak = await admin('yeu@shop.vn', 'short\n');
    expect(weak.code).not.toBe(0);
    expect(weak.stderr).toContain('ít nhất 8 ký tự');
    const none = await admin('yeu@shop.vn', '');
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('--invite');
    expect(await userByEmail('yeu@shop.vn')).toBeUndefined();
  }, 60_000);

  it('refuses an invalid email', async () => {
    const run = await admin('khong-phai-email', `${PASSWORD}\n`);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('Email không hợp lệ.');
  }, 60_000);

  it('refuses an email that already has an account, and leaves that account as it was', async () => {
    const run = await admin('chu.cuahang@shop.vn', 'MatKhauKhac#2026\n');
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('--promote');
    expect(await verifyPassword((await userByEmail('chu.cuahang@shop.vn'))!.password_hash!, PASSWORD)).toBe(true);
  }, 60_000);

  it('with --promote makes an existing customer an admin, password unchanged', async () => {
    const register = await api.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { fullName: 'Lê Khách Hàng', email: 'khach.len@shop.vn', password: PASSWORD, confirmPassword: PASSWORD, phoneNumber: '0987000222', dateOfBirth: '1990-01-01', gender: 'MALE' },
    });
    expect(register.statusCode).toBe(201);
    expect((await userByEmail('khach.len@shop.vn'))!.role).toBe('customer');

    const run = await admin('khach.len@shop.vn', '', '--promote');
    expect(run).toMatchObject({ code: 0 });
    const row = (await userByEmail('khach.len@shop.vn'))!;
    expect(row.role).toBe('admin');
    expect(await verifyPassword(row.password_hash!, PASSWORD)).toBe(true);
  }, 60_000);

  it('with --invite queues a set-password code that the reset flow accepts', async () => {
    const run = await admin('moi@shop.vn', '', '--invite');
    expect(run).toMatchObject({ code: 0 });
    const row = (await userByEmail('moi@shop.vn'))!;
    expect(row).toMatchObject({ role: 'admin', password_hash: null, email_verified_at: null });

    const code = await latestCode(scratch.db, 'moi@shop.vn', 'reset_password');
    const newPassword = 'QuanTriMoi#2026';
    const confirm = await api.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/confirm',
      payload: { email: 'moi@shop.vn', otpCode: code, newPassword, confirmPassword: newPassword },
    });
    expect(confirm.statusCode).toBe(200);
    const response = await login('moi@shop.vn', newPassword);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ role: 'admin', emailVerified: true });
  }, 60_000);
});
