import { parseArgs } from 'node:util';
import { emailSchema, fullNameSchema, passwordSchema, phoneNumberSchema } from 'shared-contracts/schemas';
import type { z } from 'zod';
import { loadConfig, resolveJwtSecret, type Config } from '../config';
import { createDatabase } from '../db/createDatabase';
import { migrateToLatest } from '../db/migrate';
import { AppError } from '../http/appError';
import { findUserByEmail } from '../modules/auth';
import { promoteToAdmin, createStaffUser } from '../modules/staffAdmin';
import { startingClock, systemClock } from '../security/clock';
import { hashPassword } from '../security/passwords';
import { askHidden, readFirstLine } from './passwordPrompt';

/**
 * `npm run admin:create -- --email admin@shop.vn [--name "…"] [--phone …] [--invite] [--promote]`
 * (in the container: `node api/dist/src/cli/createAdmin.js --email …`): the shop's first admin, on SQLite or
 * PostgreSQL (DATABASE_URL), after the pending migrations.
 *
 * The password is asked on the terminal (not echoed, twice) or read from the first line of a piped stdin; the
 * account is created verified, with role admin. With --invite there is no password: a reset-password code is
 * queued in the email outbox (the API's worker sends it) and the admin sets their own. The email and password
 * follow the sign-up rules (shared-contracts). An existing email is refused, unless --promote: that account
 * becomes an admin. The password is never printed.
 */

const USAGE = [
  'Cách dùng: npm run admin:create -- --email <email> [--name "Họ và tên"] [--phone <số di động>] [--invite] [--promote]',
  '  (trong container: node api/dist/src/cli/createAdmin.js --email <email> …)',
  '  Mật khẩu: nhập trên terminal (không hiện), hoặc dòng đầu của stdin: printf \'%s\\n\' "$PASS" | npm run admin:create -- --email …',
  '  --invite   không đặt mật khẩu: gửi email mời (mã đặt mật khẩu) qua hàng đợi email',
  '  --promote  email đã có tài khoản: nâng tài khoản đó thành quản trị viên',
].join('\n');

const DEFAULT_NAME = 'Quản trị viên';

/** A refusal to print as is (Vietnamese), with the exit code. */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

interface AdminArgs {
  email: string;
  fullName: string;
  phone: string | null;
  invite: boolean;
  promote: boolean;
}

/** The first message of a failed zod parse, or the value. */
function valid<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CliError(parsed.error.issues[0]?.message ?? 'Giá trị không hợp lệ.', 2);
  return parsed.data;
}

const OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  phone: { type: 'string' },
  invite: { type: 'boolean', default: false },
  promote: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function parseArguments(argv: string[]): AdminArgs | 'help' {
  const values = (() => {
    try {
      return parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
    } catch (error) {
      throw new CliError(`Tham số không hợp lệ (${error instanceof Error ? error.message : String(error)}).\n${USAGE}`, 2);
    }
  })();
  if (values.help) return 'help';
  if (!values.email) throw new CliError(`Thiếu --email.\n${USAGE}`, 2);
  return {
    email: valid(emailSchema, values.email),
    fullName: values.name === undefined ? DEFAULT_NAME : valid(fullNameSchema, values.name),
    phone: values.phone === undefined ? null : valid(phoneNumberSchema, values.phone),
    invite: values.invite,
    promote: values.promote,
  };
}

/** The new admin's password: asked twice on a terminal, else the first line of stdin; the sign-up rules. */
async function readPassword(): Promise<string> {
  let password: string;
  if (process.stdin.isTTY) {
    password = await askHidden('Mật khẩu: ');
    const again = await askHidden('Nhập lại mật khẩu: ');
    if (again !== password) throw new CliError('Mật khẩu nhập lại không khớp.');
  } else {
    const line = await readFirstLine();
    if (line === null) throw new CliError('Không nhận được mật khẩu trên stdin: chạy trong terminal, dẫn mật khẩu vào stdin, hoặc dùng --invite.');
    password = line;
  }
  return valid(passwordSchema, password);
}

async function run(argv: string[]): Promise<void> {
  const args = parseArguments(argv);
  if (args === 'help') {
    console.log(USAGE);
    return;
  }
  const config: Config = loadConfig();
  const db = createDatabase(config);
  try {
    const { applied } = await migrateToLatest(db);
    for (const name of applied) console.log(`  ✔ migration ${name}`);
    const clock = config.clockStart ? startingClock(config.clockStart) : systemClock;

    if (await findUserByEmail(db, args.email)) {
      if (!args.promote) throw new CliError(`Email ${args.email} đã có tài khoản. Dùng --promote để nâng tài khoản đó thành quản trị viên.`);
      const promoted = (await promoteToAdmin({ db, clock }, args.email))!;
      console.log(`✔ Đã nâng tài khoản ${promoted.fullName} <${promoted.email}> (#${promoted.id}) thành quản trị viên.`);
      if (promoted.disabled) console.log('  Lưu ý: tài khoản này đang bị khóa; mở khóa trong trang quản trị người dùng.');
      if (!promoted.hasPassword) console.log('  Tài khoản chưa có mật khẩu: dùng "Quên mật khẩu" với email này để đặt mật khẩu.');
      return;
    }

    // The invite's code is an HMAC with the API's key: the same key (JWT_SECRET, or development's stored one).
    const secret = args.invite ? resolveJwtSecret(config) : '';
    const passwordHash = args.invite ? null : await hashPassword(await readPassword());
    const created = await createStaffUser(
      { db, clock, secret, publicUrl: config.publicUrl },
      { fullName: args.fullName, email: args.email, phone: args.phone, role: 'admin', passwordHash },
    );
    console.log(`✔ Đã tạo quản trị viên ${created.fullName} <${created.email}> (#${created.id}).`);
    if (args.invite) {
      console.log('  Email mời (mã đặt mật khẩu, hiệu lực 10 phút) đã vào hàng đợi: API gửi nó qua SMTP_URL khi đang chạy.');
      console.log(`  Mã hết hạn: dùng "Quên mật khẩu" tại ${config.publicUrl}/auth/forgot-password để nhận mã mới.`);
    } else {
      console.log(`  Đăng nhập tại ${config.publicUrl} bằng email này và mật khẩu vừa nhập.`);
    }
  } finally {
    await db.destroy();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof CliError || error instanceof AppError) {
    console.error(error.message);
    process.exitCode = error instanceof CliError ? error.exitCode : 1;
    return;
  }
  console.error('Tạo quản trị viên thất bại:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
