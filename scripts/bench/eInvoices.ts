import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadApi, loadEInvoiceCheck, openBenchDatabase } from './benchApi.ts';
import { percentile, prepareInOwnProcess, round, runBench, serveBenchApi, startBenchApi } from './benchProcess.ts';
import { insertBenchVisit } from './benchVisits.ts';
import type { CustomerLoadResult } from './customerLoad.ts';
import { FLOOR_CHECKS, floorLoad, p95Of } from './floorLoad.ts';
import { benchService, seedFloor } from './floorSeed.ts';
import { insertPaidSales, recordLedger } from './benchSales.ts';
import { benchEachDatabaseInItsOwnProcess, scratchDatabase } from './scratchDatabase.ts';

/**
 * `npm run bench:einvoices`: the e-invoice queue's budgets (issue 64). The API runs in a child process on a scratch
 * seeded database with its e-invoice worker on, issuing through the local stand-in provider: production's settings
 * otherwise (NODE_ENV=production, where E_INVOICE_PROVIDER defaults to off, so the bench gives its API the config's
 * `eInvoice: { provider: 'standin' }` itself, as bench:notifications gives its API its channels; production refuses
 * the stand-in in productionSafety only, which server.ts runs and buildApp does not).
 *
 *   paid → issued:   BENCH_PAID (default 300) service invoices paid at the counter through the API as staff
 *                    (POST /api/service-orders/:id/payment/confirm, cash) spread over BENCH_PAY_SECONDS (default 60);
 *                    each timed from the payment's answer to its e-invoice row ISSUED at the stand-in (the API
 *                    process looks every 50 ms). Budget: p95 < 2 s.
 *   backlog:         BENCH_BACKLOG (default 10,000) paid service invoices' ledger events (sale_payments + sale.paid
 *                    sale_events) written at once in one transaction, and drained by the worker while 10 staff (day
 *                    view + board) and 10 technicians (checklist answers) work the floor as bench:notifications does.
 *                    Budgets: ≥ 50 issued a second (first event written → last invoice ISSUED), and the floor's p95
 *                    (day view and board 20 ms, checklist answer 15 ms; bench:backoffice) held during the drain;
 *                    the floor alone for BENCH_SECONDS (default 20) is printed beside it.
 *   daily check:     a scratch database of its own with BENCH_CHECK_SALES (default 100,000) paid service invoices
 *                    spread over a year, all but 1 in 250 with their ISSUED ORIGINAL (1 in 500 FAILED, 1 in 500
 *                    without any), then uncoveredSales(db, now) — the owner's "Bán hàng chưa có hóa đơn" — called
 *                    BENCH_CHECK_CALLS (default 50) times after 3 warm-ups. Budget: p95 < 200 ms.
 *
 * BENCH_EINVOICES_PARTS: any of 'issue,drain,check' (default all). BENCH_EINVOICES_DATABASES: 'sqlite' (default),
 * 'postgres' or 'sqlite,postgres' (each in a process of its own; BENCH_POSTGRES_URL's server). Exit code 1 when a
 * budget fails.
 */
const BUDGETS = { issuedP95Ms: 2_000, drainPerSecond: 50, checkP95Ms: 200 };
const PAID = Number(process.env.BENCH_PAID ?? 300);
const PAY_SECONDS = Number(process.env.BENCH_PAY_SECONDS ?? 60);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CHECK_SALES = Number(process.env.BENCH_CHECK_SALES ?? 100_000);
const CHECK_CALLS = Number(process.env.BENCH_CHECK_CALLS ?? 50);
const PARTS = new Set((process.env.BENCH_EINVOICES_PARTS ?? 'issue,drain,check').split(',').map((part) => part.trim()));
const DATABASES_SETTING = 'BENCH_EINVOICES_DATABASES';
const DATABASES = (process.env[DATABASES_SETTING] ?? 'sqlite').split(',').map((name) => name.trim()).filter(Boolean);
const STAFF = 10;
const TECHNICIANS = 10;
const ORDERS_PER_TECHNICIAN = 4;
/** How long the drain may take before the bench gives up on it (at 50 a second the backlog takes BACKLOG / 50 s). */
const DRAIN_DEADLINE_MS = Math.max(120_000, (BACKLOG / 20) * 1000);
/** The floor's slices during the drain: short, so little of the last one runs after the drain has ended. */
const DRAIN_SLICE_SECONDS = 5;

interface ServerReady {
  port: number;
  today: string;
  staffTokens: string[];
  technicians: Array<{ token: string; items: Array<{ orderId: number; itemId: number }> }>;
  /** The service orders whose work is done, to be invoiced and paid at the counter (part 1). */
  workDone: number[];
}

// ---- The server (child process) -------------------------------------------------------------------------

async function runServer(): Promise<void> {
  const { buildApp, seed } = await loadApi();
  const { vietnamDateOf, vietnamInstant } = await import('../../shared-contracts/src/schemas/service.ts');
  const { db, config } = await openBenchDatabase();
  await seed(db);
  // The stand-in for this API (production's default is none): see the header.
  const app = buildApp({ db, logger: false, context: { config: { ...config, eInvoice: { provider: 'standin' } } } });

  const now = new Date();
  const nowIso = now.toISOString();
  const today = vietnamDateOf(now);
  const yesterday = vietnamDateOf(new Date(now.getTime() - 86_400_000));
  const { centreId, ...service } = await benchService(db);
  // The floor (as bench:notifications): today's visits in progress, four per technician.
  const { staffTokens, technicians, technicianIds } = await seedFloor(db, app, { prefix: 'einvoice', centreId, service, staff: STAFF, technicians: TECHNICIANS, ordersPerTechnician: ORDERS_PER_TECHNICIAN, now });
  // Part 1's sales: yesterday's visits whose work is done (checklist all PASS), invoiced and paid through the API.
  const workDone: number[] = [];
  if (PARTS.has('issue')) {
    for (let number = 0; number < PAID; number += 1) {
      const visit = await insertBenchVisit(db, {
        number,
        codePrefix: 'P',
        centreId,
        service,
        start: vietnamInstant(yesterday, `${String(8 + (number % 9)).padStart(2, '0')}:00`),
        plate: `29A-${String(number % 1000).padStart(3, '0')}.${String(10 + (number % 90)).padStart(2, '0')}`,
        appointmentStatus: 'IN_PROGRESS',
        contact: { name: `Khách quầy ${number + 1}`, phone: `09${String(70_000_000 + number).slice(-8)}`, email: `khach.quay.${number}@example.vn` },
        order: { status: 'CLOSED', technicianId: technicianIds[number % TECHNICIANS]!, openedBy: technicianIds[number % TECHNICIANS]! },
        nowIso,
      });
      await db.updateTable('service_orders').set({ status: 'WORK_DONE', version: 3, invoiced_at: null, closed_at: null }).where('id', '=', visit.orderId!).execute();
      workDone.push(visit.orderId!);
    }
  }
  // Part 2's backlog: paid service invoices of the last 30 days; their ledger record is written when the parent asks.
  if (PARTS.has('drain')) {
    await insertPaidSales(db, { prefix: 'B', count: BACKLOG, centreId, service, paidAt: (index) => new Date(now.getTime() - 86_400_000 - ((index * 30 * 86_400_000) / BACKLOG)), ledger: false });
  }

  // Part 1: the payments' invoices seen ISSUED (every 50 ms), by service order.
  const seen = new Map<number, number>();
  let watching: Set<number> | null = null;
  const look = async () => {
    if (!watching || watching.size === 0) return;
    const rows = await db
      .selectFrom('e_invoices')
      .innerJoin('service_invoices', 'service_invoices.id', 'e_invoices.service_invoice_id')
      .select('service_invoices.service_order_id')
      .where('e_invoices.status', '=', 'ISSUED')
      .where('service_invoices.service_order_id', 'in', [...watching])
      .execute();
    const at = Date.now();
    for (const row of rows) {
      seen.set(row.service_order_id, at);
      watching.delete(row.service_order_id);
    }
  };
  let looking = false;
  const watcher = setInterval(() => {
    if (looking) return;
    looking = true;
    void look().finally(() => (looking = false));
  }, 50);
  watcher.unref();

  process.on('message', (message) => {
    const request = message as { watch?: number[]; seen?: true; backlog?: true; drain?: true };
    if (request.watch) {
      watching ??= new Set();
      for (const id of request.watch) watching.add(id);
    }
    if (request.seen) process.send?.({ seen: [...seen.entries()] });
    if (request.backlog) {
      const started = Date.now();
      void recordLedger(db, 'B').then(() => process.send?.({ backlog: { started, committed: Date.now() } }));
    }
    if (request.drain) {
      void db
        .selectFrom('e_invoices')
        .innerJoin('service_invoices', 'service_invoices.id', 'e_invoices.service_invoice_id')
        .select([(eb) => eb.fn.countAll<number | string>().as('n'), (eb) => eb.fn.count('e_invoices.pdf_key').as('archived'), (eb) => eb.fn.max('e_invoices.updated_at').as('lastUpdated')])
        .where('e_invoices.status', '=', 'ISSUED')
        .where('service_invoices.code', 'like', 'HDB%')
        .executeTakeFirstOrThrow()
        .then((row) => process.send?.({ drain: { issued: Number(row.n), archived: Number(row.archived), last: row.lastUpdated ? new Date(row.lastUpdated).getTime() : null } }));
    }
  });
  await serveBenchApi(app, db, { today, staffTokens, technicians, workDone } satisfies Omit<ServerReady, 'port'>);
}

// ---- The daily check (a process and database of its own) -------------------------------------------------

interface CheckResult {
  sales: number;
  uncovered: number;
  fillSeconds: number;
  timings: number[];
}

async function runCheck(): Promise<void> {
  const { seed } = await loadApi();
  const { uncoveredSales } = await loadEInvoiceCheck();
  const { db } = await openBenchDatabase();
  await seed(db);
  const { centreId, ...service } = await benchService(db);
  const now = new Date();
  const filling = performance.now();
  // Paid over the last year (all older than the check's grace of an hour).
  await insertPaidSales(db, { prefix: 'C', count: CHECK_SALES, centreId, service, paidAt: (index) => new Date(now.getTime() - 2 * 3_600_000 - ((CHECK_SALES - index) * 365 * 86_400_000) / CHECK_SALES), ledger: true });
  // Their own invoices as the queue leaves them: ISSUED but 1 in 250 (1 in 500 FAILED, refused and waiting for the owner; 1 in 500 without any).
  await sql`insert into e_invoices (service_invoice_id, kind, status, provider, request_key, gross, series, number, tax_authority_code, lookup_code, provider_ref,
      xml_key, pdf_key, last_error, attempts, next_attempt_at, issued_at, created_at, updated_at)
    select i.id, 'ORIGINAL', case when i.id % 250 = 0 then 'FAILED' else 'ISSUED' end, 'standin', 'evshop-service-invoice-' || i.id, i.total,
      case when i.id % 250 = 0 then null else 'C26TYY' end, case when i.id % 250 = 0 then null else i.id end,
      case when i.id % 250 = 0 then null else 'M1-26-EVSHP-' || i.id end, case when i.id % 250 = 0 then null else 'L' || i.id end,
      case when i.id % 250 = 0 then null else 'STANDIN-' || i.id end, '', '',
      case when i.id % 250 = 0 then 'Nhà cung cấp (giả lập) từ chối hóa đơn.' else null end, 1, null,
      case when i.id % 250 = 0 then null else i.paid_at end, i.paid_at, i.paid_at
    from service_invoices i where i.code like 'HDC%' and i.id % 500 <> 250 order by i.id`.execute(db);
  // After a bulk write the API refreshes PostgreSQL's statistics (refreshPlannerStatistics); autovacuum would too.
  if (process.env.BENCH_DATABASE_URL) await sql`analyze`.execute(db);
  const fillSeconds = (performance.now() - filling) / 1000;
  let uncovered = 0;
  for (let warm = 0; warm < 3; warm += 1) uncovered = (await uncoveredSales(db, new Date())).total;
  const timings: number[] = [];
  for (let call = 0; call < CHECK_CALLS; call += 1) {
    const started = performance.now();
    await uncoveredSales(db, new Date());
    timings.push(performance.now() - started);
  }
  const sales = await db.selectFrom('sale_payments').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  await db.destroy();
  writeFileSync(path.join(process.env.BENCH_DATA_DIR!, 'check.json'), JSON.stringify({ sales: Number(sales.n), uncovered, fillSeconds, timings } satisfies CheckResult));
}

// ---- The measurements (parent process) -------------------------------------------------------------------


function unexpectedOf(results: readonly CustomerLoadResult[]): string[] {
  return results.flatMap((result) => result.unexpected.map((answer) => `${answer.label} ${answer.status} ${answer.body.slice(0, 120)}`));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  if (benchEachDatabaseInItsOwnProcess(DATABASES, DATABASES_SETTING, import.meta.url)) return;
  const kind = DATABASES[0] ?? 'sqlite';
  const label = kind === 'postgres' ? 'PostgreSQL' : 'SQLite';
  console.log(`bench:einvoices on ${label}; ${cpus().length} CPU(s); load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  let failed = false;
  const verdict = (ok: boolean, text: string) => {
    if (!ok) failed = true;
    console.log(`  ${ok ? '✔' : '✘'} ${text}`);
  };

  if (PARTS.has('issue') || PARTS.has('drain')) {
    const scratch = await scratchDatabase(kind, 'einvoices', DATABASES_SETTING);
    const folder = path.dirname(scratch.sqliteFile);
    // From source: the server part watches the e-invoices' progress and writes the backlog when asked by IPC.
    const api = await startBenchApi<ServerReady>(import.meta.url, { BENCH_DATA_DIR: folder, BENCH_DATABASE_URL: scratch.databaseUrl ?? '' }, { api: 'source' });
    const origin = `http://127.0.0.1:${api.ready.port}`;
    const ask = <T>(request: Record<string, unknown>, key: string) =>
      new Promise<T>((resolve) => {
        const answer = (message: unknown) => {
          if (!(message && typeof message === 'object' && key in message)) return;
          api.child.off('message', answer);
          resolve((message as Record<string, T>)[key]!);
        };
        api.child.on('message', answer);
        api.child.send(request);
      });
    try {
      console.log(`API: ${origin}, its e-invoice worker on the stand-in`);
      await floorLoad(origin, api.ready, 3); // warm-up

      if (PARTS.has('issue')) {
        const staff = (index: number) => ({ authorization: `Bearer ${api.ready.staffTokens[index % STAFF]}`, 'content-type': 'application/json' });
        for (const [index, orderId] of api.ready.workDone.entries()) {
          const response = await fetch(`${origin}/api/service-orders/${orderId}/invoice`, { method: 'POST', headers: staff(index), body: '{}' });
          if (response.status !== 201) throw new Error(`invoicing service order ${orderId} answered ${response.status}: ${await response.text()}`);
        }
        api.child.send({ watch: api.ready.workDone });
        const answered = new Map<number, number>();
        const errors: string[] = [];
        const every = (PAY_SECONDS * 1000) / PAID;
        const started = Date.now();
        await Promise.all(
          api.ready.workDone.map(async (orderId, index) => {
            await sleep(Math.max(0, started + index * every - Date.now()));
            const response = await fetch(`${origin}/api/service-orders/${orderId}/payment/confirm`, { method: 'POST', headers: staff(index), body: JSON.stringify({ method: 'CASH' }) });
            const body = await response.text();
            if (response.status === 200) answered.set(orderId, Date.now());
            else errors.push(`${response.status} ${body.slice(0, 120)}`);
          }),
        );
        let seen = new Map<number, number>();
        const deadline = Date.now() + 30_000;
        while (Date.now() < deadline) {
          seen = new Map(await ask<Array<[number, number]>>({ seen: true }, 'seen'));
          if (seen.size >= answered.size) break;
          await sleep(250);
        }
        const latencies = [...answered].map(([orderId, at]) => (seen.has(orderId) ? seen.get(orderId)! - at : Number.POSITIVE_INFINITY)).sort((a, b) => a - b);
        console.log(`\nPaid → e-invoice ISSUED: ${answered.size} of ${PAID} service invoices paid at the counter over ${PAY_SECONDS} s, ${seen.size} issued${errors.length ? `; ${errors.length} payments failed (${errors[0]})` : ''}`);
        console.log(`  p50 ${round(percentile(latencies, 50))} ms, p95 ${round(percentile(latencies, 95))} ms, max ${round(latencies.at(-1) ?? Number.NaN)} ms`);
        verdict(errors.length === 0 && seen.size === PAID && percentile(latencies, 95) < BUDGETS.issuedP95Ms, `paid → ISSUED p95 ${round(percentile(latencies, 95))} ms (budget < ${BUDGETS.issuedP95Ms} ms)`);
      }

      if (PARTS.has('drain')) {
        const alone = await floorLoad(origin, api.ready, SECONDS);
        const backlog = await ask<{ started: number; committed: number }>({ backlog: true }, 'backlog');
        const busy: CustomerLoadResult[] = [];
        let drain = { issued: 0, archived: 0, last: null as number | null };
        while (Date.now() - backlog.started < DRAIN_DEADLINE_MS) {
          busy.push(...(await floorLoad(origin, api.ready, DRAIN_SLICE_SECONDS)));
          drain = await ask<typeof drain>({ drain: true }, 'drain');
          if (drain.issued >= BACKLOG) break;
        }
        const seconds = ((drain.last ?? Date.now()) - backlog.started) / 1000;
        const rate = drain.issued / seconds;
        console.log(`\nBacklog: ${BACKLOG} paid sales' ledger events written at once (in ${round((backlog.committed - backlog.started) / 1000)} s); ${drain.issued} issued in ${round(seconds)} s`);
        verdict(drain.issued >= BACKLOG && rate >= BUDGETS.drainPerSecond, `drain ${round(rate)} issued a second (budget ≥ ${BUDGETS.drainPerSecond})`);
        console.log(`The floor, p95 alone (${SECONDS} s) → during the drain (${busy.length / 2} slices of ${DRAIN_SLICE_SECONDS} s) (budget):`);
        for (const [step, name, budget] of FLOOR_CHECKS) {
          verdict(p95Of(busy, step) <= budget, `${name}: ${round(p95Of(alone, step))} → ${round(p95Of(busy, step))} ms (budget ${budget} ms)`);
        }
        // After the drain the worker archives the backlog (an XML and a PDF each, 20 a round): the floor meanwhile, for the record.
        const archivedBefore = (await ask<typeof drain>({ drain: true }, 'drain')).archived;
        const archiving = await floorLoad(origin, api.ready, SECONDS);
        const archivedAfter = (await ask<typeof drain>({ drain: true }, 'drain')).archived;
        console.log(
          `  (after the drain, while the archive catches up: ${archivedBefore} → ${archivedAfter} of ${BACKLOG} archived in ${SECONDS} s; the floor's p95 day view ${round(p95Of(archiving, 'day view'))}, board ${round(p95Of(archiving, 'board'))}, checklist answer ${round(p95Of(archiving, 'checklist answer'))} ms)`,
        );
        const unexpected = unexpectedOf([...alone, ...busy, ...archiving]);
        if (unexpected.length > 0) verdict(false, `the floor's answers: ${unexpected.length} unexpected, e.g. ${unexpected[0]}`);
      }
    } finally {
      await api.stop();
      await scratch.remove();
    }
  }

  if (PARTS.has('check')) {
    const scratch = await scratchDatabase(kind, 'einvoices_check', DATABASES_SETTING);
    const folder = path.dirname(scratch.sqliteFile);
    try {
      await prepareInOwnProcess(import.meta.url, { BENCH_DATA_DIR: folder, BENCH_DATABASE_URL: scratch.databaseUrl ?? '' });
      const result = JSON.parse(readFileSync(path.join(folder, 'check.json'), 'utf8')) as CheckResult;
      const sorted = [...result.timings].sort((a, b) => a - b);
      console.log(`\nDaily check over ${result.sales} paid sales (filled in ${round(result.fillSeconds)} s), ${result.uncovered} uncovered; ${CHECK_CALLS} calls of uncoveredSales`);
      console.log(`  p50 ${round(percentile(sorted, 50))} ms, p95 ${round(percentile(sorted, 95))} ms, max ${round(sorted.at(-1) ?? Number.NaN)} ms`);
      verdict(percentile(sorted, 95) < BUDGETS.checkP95Ms, `daily check p95 ${round(percentile(sorted, 95))} ms (budget < ${BUDGETS.checkP95Ms} ms)`);
    } finally {
      await scratch.remove();
    }
  }
  if (failed) process.exitCode = 1;
}

runBench({ server: runServer, prepare: runCheck, main });
