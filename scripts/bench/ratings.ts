import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { API_NODE_OPTIONS, API_PROCESS_ENV } from '../serve/apiProcessEnv.ts';
import { loadApi, type BenchDatabase } from './benchApi.ts';
import { benchEachDatabaseInItsOwnProcess, scratchDatabase } from './scratchDatabase.ts';

/**
 * `npm run bench:ratings`: the service rating KPIs (issue 48's budget) on a scratch seeded database holding 100,000
 * CLOSED service orders over the last 365 days at the 7 centres, 70 % of them rated (1 % hidden, the low ones with
 * their follow-ups). Each sample asks GET /api/service-ratings/kpis in turn as the first centre's manager (30 days,
 * 366 days) and as the admin over every centre (30 days, 366 days); the CSV is timed too. Requests go one at a time
 * over keep-alive from this process (client time included: the figures are upper bounds).
 *
 * Budget, per database: every KPI call's p95 < 150 ms.
 *
 * env: BENCH_SAMPLES (per kind of call, default 300), BENCH_RATINGS_DATABASES (sqlite,postgres; default sqlite),
 * BENCH_POSTGRES_URL (as the other benches), LOG_LEVEL (default warn).
 */
const BUDGET_P95_MS = 150;
const ORDERS = 100_000;
const RATED_PERCENT = 70;
const CENTRES = 7;
const TECHNICIANS_PER_CENTRE = 3;
const DAY_MS = 86_400_000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const DATABASES = (process.env.BENCH_RATINGS_DATABASES ?? 'sqlite').split(',').map((name) => name.trim()).filter(Boolean);

// As the other API benches: shared-contracts' TypeScript sources and the API process's settings.
if (!process.execArgv.some((arg) => arg === '--conditions=ev-source' || arg === '-C=ev-source')) {
  const script = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, ['--conditions=ev-source', ...API_NODE_OPTIONS.split(' '), ...process.execArgv, script, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...API_PROCESS_ENV, ...process.env },
  });
  process.exit(child.status ?? 1);
}

/** Local date (Asia/Ho_Chi_Minh) `daysAgo` days before now, YYYY-MM-DD. */
const localDate = (now: number, daysAgo: number) => new Date(now + 7 * 3_600_000 - daysAgo * DAY_MS).toISOString().slice(0, 10);

/** The orders, their appointments, ratings and follow-ups, written by the database from a numbers table. */
async function generate(db: BenchDatabase, dialect: 'sqlite' | 'postgres'): Promise<{ managerId: number; adminId: number }> {
  const { sql } = await import('kysely');
  const now = Date.now();
  const base = new Date(now - 365 * DAY_MS).toISOString();
  const at = (minutes: string) =>
    dialect === 'postgres' ? `(timestamptz '${base}' + (${minutes}) * interval '1 minute')` : `strftime('%Y-%m-%dT%H:%M:%fZ', '${base}', (${minutes}) || ' minutes')`;
  const centres = (await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').execute()).map((row) => row.id);
  if (centres.length !== CENTRES) throw new Error(`expected ${CENTRES} seeded centres`);
  const iso = new Date(now).toISOString();
  const person = async (email: string, fullName: string, role: 'customer' | 'technician' | 'manager' | 'admin', centreId?: number) => {
    const row = await db.insertInto('users').values({ email, password_hash: null, full_name: fullName, role, created_at: iso, updated_at: iso }).returning('id').executeTakeFirstOrThrow();
    if (centreId !== undefined) await db.insertInto('staff_assignments').values({ user_id: row.id, centre_id: centreId, assigned_at: base }).execute();
    return row.id;
  };
  const technicians: number[] = [];
  for (let k = 0; k < CENTRES * TECHNICIANS_PER_CENTRE; k += 1) technicians.push(await person(`bench.rating.ktv${k}@example.vn`, `Kỹ thuật viên thử tải ${k + 1}`, 'technician', centres[k % CENTRES]));
  const customer = await person('bench.rating.khach@example.vn', 'Khách thử tải', 'customer');
  const managerId = await person('bench.rating.quanly@example.vn', 'Quản lý thử tải', 'manager', centres[0]);
  const adminId = await person('bench.rating.admin@example.vn', 'Quản trị thử tải', 'admin');
  const pick = (values: readonly number[], index: string) => `(case ${index} ${values.map((v, i) => `when ${i} then ${v}`).join(' ')} end)`;
  // Technician k works at centre k % 7: order n goes to technician n % 21, so to centre n % 7.
  const centreOf = pick(centres, `n % ${CENTRES}`);
  const technicianOf = pick(technicians, `n % ${technicians.length}`);
  // Minutes after base: spread over the year.
  const closedMinutes = `(cast(n as bigint) * 525000 / ${ORDERS})`;

  await db.transaction().execute(async (trx) => {
    const step = async (label: string, text: string) => {
      const t0 = Date.now();
      await sql.raw(text).execute(trx);
      console.log(`    ${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    };
    await sql.raw('create table bench_seq (n integer primary key)').execute(trx);
    await step(
      `numbers 1..${ORDERS}`,
      dialect === 'postgres'
        ? `insert into bench_seq (n) select generate_series(1, ${ORDERS})`
        : `with recursive s(n) as (select 1 union all select n + 1 from s where n < ${ORDERS}) insert into bench_seq (n) select n from s`,
    );
    await step(
      'appointments',
      `insert into appointments (code, user_id, vehicle_id, vehicle_type, vehicle_brand, vehicle_model, license_plate, centre_id, starts_at, ends_at, status,
         estimated_price, estimated_duration_minutes, note, contact_name, contact_phone, contact_email, package_credit_id, hold_expires_at, cancel_reason, created_at, updated_at)
       select 'LHBR' || n, ${customer}, null, 'car', 'VinFast', 'VF 8', '30A-' || n, ${centreOf}, ${at(`${closedMinutes} - 120`)}, ${at(closedMinutes)}, 'COMPLETED',
         0, 60, null, 'Khách thử tải', '0912345678', 'bench.rating.khach@example.vn', null, null, null, ${at(`${closedMinutes} - 2000`)}, ${at(closedMinutes)}
       from bench_seq`,
    );
    await step(
      'service orders',
      `insert into service_orders (code, appointment_id, centre_id, user_id, vehicle_id, vehicle_type, vehicle_brand, vehicle_model, license_plate, status, technician_id,
         odometer_in_km, opened_at, closed_at, updated_at)
       select 'PDVBR' || s.n, a.id, a.centre_id, ${customer}, null, 'car', 'VinFast', 'VF 8', a.license_plate, 'CLOSED', ${technicianOf.replaceAll('n %', 's.n %')},
         1000, a.starts_at, a.ends_at, a.ends_at
       from bench_seq s join appointments a on a.code = 'LHBR' || s.n`,
    );
    // Stars 1..5 weighted towards 4–5 by n; the technician's stars on two visits in three.
    const stars = `(case when (so.id * 7919) % 100 < 55 then 5 when (so.id * 7919) % 100 < 82 then 4 when (so.id * 7919) % 100 < 92 then 3 when (so.id * 7919) % 100 < 97 then 2 else 1 end)`;
    const created = dialect === 'postgres' ? `so.closed_at + interval '5 hours'` : `strftime('%Y-%m-%dT%H:%M:%fZ', so.closed_at, '+5 hours')`;
    await step(
      'ratings',
      `insert into service_ratings (service_order_id, user_id, centre_id, technician_id, stars, on_time, explained_clearly, car_clean, technician_stars, comment, hidden, created_at, updated_at)
       select so.id, so.user_id, so.centre_id, so.technician_id, ${stars}, 1, 1, null, case when so.id % 3 = 0 then null else ${stars} end, 'Dịch vụ tốt',
         case when so.id % 100 = 0 then 1 else 0 end, ${created}, ${created}
       from service_orders so where so.code like 'PDVBR%' and (so.id * 31) % 100 < ${RATED_PERCENT}`,
    );
    await step(
      'follow-ups',
      `insert into service_rating_follow_ups (rating_id, centre_id, status, opened_at)
       select r.id, r.centre_id, case when r.id % 5 = 0 then 'OPEN' else 'CLOSED' end, r.created_at from service_ratings r where r.stars <= 2`,
    );
    await sql.raw('drop table bench_seq').execute(trx);
  });
  if (dialect === 'postgres') for (const table of ['service_orders', 'service_ratings', 'service_rating_follow_ups']) await sql.raw(`analyze ${table}`).execute(db);
  else await sql.raw('analyze').execute(db);
  return { managerId, adminId };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function summary(label: string, samples: number[]): { line: string; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return { line: `  ${label.padEnd(40)} n ${String(sorted.length).padStart(4)}   p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms`, p95 };
}

async function benchDatabase(kind: string): Promise<string[]> {
  const { buildApp, createDatabase, migrateToLatest, seed } = await loadApi();
  const scratch = await scratchDatabase(kind, 'ratings', 'BENCH_RATINGS_DATABASES');
  const db = createDatabase({ databaseUrl: scratch.databaseUrl, sqliteFile: scratch.sqliteFile });
  const app = buildApp({ db, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  const name = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const failures: string[] = [];
  try {
    await migrateToLatest(db);
    await seed(db);
    const t0 = Date.now();
    console.log(`Generating ${ORDERS.toLocaleString('en')} closed service orders with ratings on ${name}…`);
    const { managerId, adminId } = await generate(db, kind === 'postgres' ? 'postgres' : 'sqlite');
    console.log(`  generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const headersOf = async (userId: number, role: 'manager' | 'admin') => ({ authorization: `Bearer ${(await app.accessTokens.issue({ userId, role })).token}` });
    const manager = await headersOf(managerId, 'manager');
    const admin = await headersOf(adminId, 'admin');
    const now = Date.now();
    const last30 = `from=${localDate(now, 29)}&to=${localDate(now, 0)}`;
    const last366 = `from=${localDate(now, 365)}&to=${localDate(now, 0)}`;
    const calls: Array<{ label: string; path: string; headers: Record<string, string>; budget: boolean }> = [
      { label: 'manager, one centre, 30 days', path: `/api/service-ratings/kpis?${last30}`, headers: manager, budget: true },
      { label: 'manager, one centre, 366 days', path: `/api/service-ratings/kpis?${last366}`, headers: manager, budget: true },
      { label: 'admin, 7 centres, 30 days', path: `/api/service-ratings/kpis?${last30}`, headers: admin, budget: true },
      { label: 'admin, 7 centres, 366 days', path: `/api/service-ratings/kpis?${last366}`, headers: admin, budget: true },
      { label: 'admin, CSV, 7 centres, 366 days', path: `/api/service-ratings/kpis.csv?${last366}`, headers: admin, budget: false },
    ];
    const get = async (path: string, headers: Record<string, string>) => {
      const response = await fetch(`${url}${path}`, { headers });
      const body = await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${Buffer.from(body).toString('utf8').slice(0, 200)}`);
      return body;
    };
    for (const call of calls) for (let i = 0; i < 20; i += 1) await get(call.path, call.headers);
    const samples = calls.map(() => [] as number[]);
    for (let i = 0; i < SAMPLES; i += 1) {
      for (const [index, call] of calls.entries()) {
        const began = performance.now();
        await get(call.path, call.headers);
        samples[index]!.push(performance.now() - began);
      }
    }
    const answer = JSON.parse(Buffer.from(await get(`/api/service-ratings/kpis?${last366}`, admin)).toString('utf8'));
    const ratings = answer.data.centres.reduce((sum: number, centre: { count: number }) => sum + centre.count, 0);
    console.log(`Rating KPIs over ${ratings.toLocaleString('en')} visible ratings of ${ORDERS.toLocaleString('en')} service orders, ${name}, one request at a time, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const [index, call] of calls.entries()) {
      const line = summary(call.label, samples[index]!);
      console.log(line.line);
      if (call.budget && line.p95 >= BUDGET_P95_MS) failures.push(`${kind}: ${call.label} p95 ${line.p95.toFixed(1)} ms ≥ ${BUDGET_P95_MS}`);
    }
  } finally {
    await Promise.race([app.close(), new Promise((resolve) => setTimeout(resolve, 2_000))]);
    await db.destroy();
    await scratch.remove();
  }
  return failures;
}

async function main(): Promise<void> {
  if (benchEachDatabaseInItsOwnProcess(DATABASES, 'BENCH_RATINGS_DATABASES', import.meta.url)) return;
  const failures: string[] = [];
  for (const kind of DATABASES) failures.push(...(await benchDatabase(kind)));
  console.log(failures.length === 0 ? `Budget met: every rating KPI call's p95 < ${BUDGET_P95_MS} ms.` : `Budget missed: ${failures.join('; ')}.`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
