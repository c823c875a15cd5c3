import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { insertBenchCustomers, loadApi, loadRecalls, type BenchDatabase } from './benchApi.ts';
import { freshDatabaseAt, scratchDatabase } from './scratchDatabase.ts';

/**
 * `npm run bench:recalls` (issue 66 §4): a recall campaign's matching over 100,000 vehicles. Budget: < 5 s per
 * campaign (recorded, its scope written, the fleet matched: one INSERT … SELECT … ON CONFLICT DO NOTHING).
 *
 * - The fleet: 2,000 customers; 100,000 cars on two production lines (VIN = 11-character line + 6-digit serial,
 *   50,000 a line), 60% naming the VF 8 reference model, years 2021–2025 by serial; inserted 500 a statement.
 * - Measured in the process, one campaign at a time, through the module's create (what POST /api/admin/recalls runs
 *   before it tells the owners): a VIN range of 5,000 serials; a model with a production-year range (20,000 cars);
 *   a VIN list CSV of 20,000 rows (the bound). Then, for the record, telling the VIN range's 5,000 owners (batches
 *   of 200, notifications and deliveries written), and matching one vehicle again (what a vehicle's write runs).
 * - SQLite: a scratch file, removed after. PostgreSQL: with BENCH_DATABASE_URL (a database named ev_bench_…, created
 *   afresh and dropped after; e.g. postgres://postgres@127.0.0.1:5432/ev_bench_recalls).
 */
export const RECALL_MATCH_BUDGET_MS = 5_000;
const PER_LINE = 50_000;
const LINES = ['RLLVF8A1XPH', 'RLLVF8A1XPK'] as const;
const OWNERS = 2_000;

const CAMPAIGN = {
  manufacturer: 'VinFast',
  title: 'Phép đo triệu hồi',
  defect: 'Lỗi của phép đo.',
  remedy: 'Khắc phục của phép đo.',
  labourMinutes: 30,
  startsOn: '2026-11-01',
};

async function fill(db: BenchDatabase, modelId: number): Promise<void> {
  const owners = await insertBenchCustomers(db, OWNERS, 'recalls');
  let plate = 0;
  for (const [lineIndex, line] of LINES.entries()) {
    for (let start = 1; start <= PER_LINE; start += 500) {
      const rows = [];
      for (let serial = start; serial < start + 500 && serial <= PER_LINE; serial += 1) {
        plate += 1;
        rows.push({
          user_id: owners[plate % owners.length]!,
          type: 'car',
          brand: 'VinFast',
          model: 'VF 8',
          year: 2021 + (serial % 5),
          license_plate: `${60 + lineIndex}A-${String(Math.floor(plate / 100)).padStart(3, '0')}.${String(plate % 100).padStart(2, '0')}`,
          vin: `${line}${String(serial).padStart(6, '0')}`,
          odometer_km: serial % 90_000,
          model_id: serial % 5 < 3 ? modelId : null,
        });
      }
      await db.insertInto('vehicles').values(rows).execute();
    }
  }
}

async function bench(kind: 'sqlite' | 'postgres'): Promise<string[]> {
  const { createDatabase, migrateToLatest } = await loadApi();
  const { createRecallCampaign, parseRecallCampaignInput, sendRecallNotices, matchRecallVehicles } = await loadRecalls();
  const url = process.env.BENCH_DATABASE_URL?.trim();
  const scratch = kind === 'postgres' ? await freshDatabaseAt(url!, 'BENCH_DATABASE_URL') : await scratchDatabase('sqlite', 'recalls', 'BENCH_DATABASE_URL');
  const db = createDatabase({ databaseUrl: scratch.databaseUrl, sqliteFile: scratch.sqliteFile });
  const failures: string[] = [];
  try {
    console.log(`${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: building the fleet…`);
    const started = performance.now();
    await migrateToLatest(db);
    const model = await db.selectFrom('vehicle_models').select('id').where('slug', '=', 'vinfast-vf-8').executeTakeFirstOrThrow();
    await fill(db, model.id);
    const admin = await db.insertInto('users').values({ email: 'bench.recalls.admin@example.vn', password_hash: null, full_name: 'Quản trị', role: 'admin' }).returning('id').executeTakeFirstOrThrow();
    console.log(`  ${LINES.length * PER_LINE} vehicles built in ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const csv = ['vin', ...Array.from({ length: 20_000 }, (_, index) => `${LINES[1]}${String(1 + index * 2).padStart(6, '0')}`)].join('\n');
    const cases = [
      { label: 'VIN range (5,000 serials)', body: { ...CAMPAIGN, code: 'BENCH-RANGE', vinRanges: [{ from: `${LINES[0]}010000`, to: `${LINES[0]}014999` }] } },
      { label: 'model VF 8, years 2023–2024', body: { ...CAMPAIGN, code: 'BENCH-MODEL', models: [{ modelId: model.id, yearFrom: 2023, yearTo: 2024 }] } },
      { label: 'VIN list CSV (20,000 rows)', body: { ...CAMPAIGN, code: 'BENCH-CSV', vinCsv: csv } },
    ];
    let rangeId = 0;
    for (const entry of cases) {
      const start = performance.now();
      const campaign = await createRecallCampaign(db, parseRecallCampaignInput(entry.body), admin.id, new Date());
      const elapsed = performance.now() - start;
      if (rangeId === 0) rangeId = campaign.id;
      const matched = campaign.counts.AFFECTED;
      console.log(`  ${entry.label.padEnd(32)} ${Math.round(elapsed).toString().padStart(6)} ms   ${matched} vehicles matched`);
      if (elapsed >= RECALL_MATCH_BUDGET_MS) failures.push(`${kind}: ${entry.label} ${Math.round(elapsed)} ms ≥ ${RECALL_MATCH_BUDGET_MS} ms`);
    }
    const events = { publishPersonal: async () => undefined } as unknown as Parameters<typeof sendRecallNotices>[0]['events'];
    const noticeStart = performance.now();
    const told = await sendRecallNotices({ db, events, now: new Date() }, { campaignId: rangeId });
    console.log(`  telling the VIN range's owners         ${Math.round(performance.now() - noticeStart).toString().padStart(6)} ms   ${told} vehicles' owners told`);
    const one = await db.selectFrom('vehicles').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const oneStart = performance.now();
    await matchRecallVehicles(db, { vehicleId: one.id }, new Date());
    console.log(`  matching one vehicle (a vehicle's write) ${(performance.now() - oneStart).toFixed(2).padStart(6)} ms`);
  } finally {
    await db.destroy();
    await scratch.remove();
  }
  return failures;
}

async function main(): Promise<void> {
  const failures = await bench(process.env.BENCH_DATABASE_URL?.trim() ? 'postgres' : 'sqlite');
  console.log(failures.length === 0 ? `Budget met: each campaign matched over 100,000 vehicles in < ${RECALL_MATCH_BUDGET_MS / 1000} s.` : `Budget missed: ${failures.join('; ')}.`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
