import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { withVietnamOffset } from '../../shared-contracts/src/calendar/index.ts';
import { buildBenchApi, loadSeed } from './benchApi.ts';
import { percentile, round, runBench, serveBenchApi, startBenchApi } from './benchProcess.ts';
import { runCustomers, type CustomerStep } from './customerLoad.ts';

/**
 * `npm run bench:booking` (`npx tsx scripts/bench/booking.ts`): the booking budgets, against the API started
 * on an ephemeral loopback port with a scratch seeded SQLite database, in a child process (the load
 * generator must not share the server's event loop); the customers are autocannon connections (customerLoad.ts).
 *
 *   GET  /api/centres/:id/availability?date=&durationMinutes=  p95 < 15 ms  (10 clients in a loop, every
 *        seeded centre, the 30 bookable days, a schedule filled by the booking phase first)
 *   POST /api/appointments                                      p95 < 50 ms  (20 concurrent customers, each
 *        booking one service after another at random centres, days and times; a taken slot answers 409
 *        SLOT_FULL with the next free slots and counts too)
 *
 * Prints p50 / p95 / p99 of each, after a warm-up. env: BENCH_BOOKINGS (per customer, default 60: 1 200 bookings,
 * so that one pause of the machine does not decide the p95 alone),
 * BENCH_WARM_UP_BOOKINGS (per customer, default 10), BENCH_CUSTOMERS (default
 * 20), BENCH_AVAILABILITY (requests, default 3000).
 */
const AVAILABILITY_P95_BUDGET_MS = 15;
const BOOKING_P95_BUDGET_MS = 50;
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20);
const BOOKINGS_PER_CUSTOMER = Number(process.env.BENCH_BOOKINGS ?? 60);
const WARM_UP_BOOKINGS = Number(process.env.BENCH_WARM_UP_BOOKINGS ?? 10);
const AVAILABILITY_REQUESTS = Number(process.env.BENCH_AVAILABILITY ?? 3000);
const AVAILABILITY_CLIENTS = 10;


interface ServerReady {
  port: number;
  customers: Array<{ token: string; vehicleId: number }>;
  centres: number[];
  services: Array<{ id: number; durationMinutes: number }>;
  /** Today in Vietnam. */
  today: string;
}

// ---- The server (child process) -------------------------------------------------------------------------

async function runServer(): Promise<void> {
  const { seed } = await loadSeed();
  const { vietnamDateOf } = await import('../../shared-contracts/src/schemas/service.ts');
  const { app, db } = await buildBenchApi(seed);

  // The customers: accounts and a scooter each, written directly (registration is not what is measured).
  const customers: ServerReady['customers'] = [];
  const now = new Date().toISOString();
  for (let index = 0; index < Number(process.env.BENCH_CUSTOMERS_COUNT); index += 1) {
    const user = await db
      .insertInto('users')
      .values({
        email: `bench.${index}@example.vn`,
        password_hash: null,
        full_name: `Khách thử tải ${index + 1}`,
        phone_number: `09${String(10_000_000 + index).slice(-8)}`,
        address: null,
        date_of_birth: null,
        gender: null,
        avatar_url: null,
        role: 'customer',
        google_sub: null,
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const digits = String(10_000 + index).slice(-5);
    const vehicle = await db
      .insertInto('vehicles')
      .values({
        user_id: user.id,
        type: 'scooter',
        brand: 'VinFast',
        model: 'Feliz S',
        year: 2025,
        license_plate: `29MĐ1-${digits.slice(0, 3)}.${digits.slice(3)}`,
        vin: null,
        color: null,
        odometer_km: 1_000,
        battery_capacity_wh: 3_500,
        nickname: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await app.accessTokens.issue({ userId: user.id, role: 'customer' });
    customers.push({ token, vehicleId: vehicle.id });
  }
  const centres = (await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').execute()).map((row) => row.id);
  const services = (
    await db.selectFrom('services').select(['id', 'duration_minutes', 'vehicle_types']).where('is_active', '=', 1).execute()
  )
    .filter((row) => (JSON.parse(row.vehicle_types) as string[]).includes('scooter') && row.duration_minutes <= 90)
    .map((row) => ({ id: row.id, durationMinutes: row.duration_minutes }));

  const ready: Omit<ServerReady, 'port'> = { customers, centres, services, today: vietnamDateOf(new Date()) };
  await serveBenchApi(app, db, ready);
}

// ---- The measurements (parent process) ------------------------------------------------------------------


function summary(label: string, timings: number[], seconds: number): { p95: number } {
  const sorted = [...timings].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(
    `${label}: ${timings.length} requests, ${Math.round(timings.length / seconds)} req/s, ` +
      `p50 ${round(percentile(sorted, 50))} ms, p95 ${round(p95)} ms, p99 ${round(percentile(sorted, 99))} ms, max ${round(sorted.at(-1)!)} ms`,
  );
  return { p95 };
}


function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-booking-'));
  const api = await startBenchApi<ServerReady>(import.meta.url, { BENCH_DATA_DIR: folder, BENCH_CUSTOMERS_COUNT: String(CUSTOMERS) });
  const { ready } = api;
  const origin = `http://127.0.0.1:${ready.port}`;
  let failed = false;
  try {
    console.log(`API: ${origin} (scratch seeded SQLite in ${folder}); ${cpus().length} CPU(s): ${cpus()[0]?.model ?? '?'}`);
    console.log(`${ready.centres.length} centres, ${ready.services.length} services, ${CUSTOMERS} customers\n`);

    // Bookings: 20 customers at once, each one booking after another (tomorrow to 30 days ahead, 08:00–15:30).
    const bookingStep: CustomerStep = {
      label: 'POST /api/appointments',
      build: (customer) => {
        const service = pick(ready.services);
        const date = addDays(ready.today, 1 + Math.floor(Math.random() * 30));
        const minutes = 8 * 60 + 30 * Math.floor(Math.random() * 16);
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const { token, vehicleId } = ready.customers[customer]!;
        return {
          method: 'POST',
          path: '/api/appointments',
          headers: { authorization: `Bearer ${token}` },
          body: { vehicleId, serviceIds: [service.id], centreId: pick(ready.centres), start: withVietnamOffset(`${date}T${time}`) },
        };
      },
      expect: [201, 409],
    };
    // Warm-up, as the other benchmarks do (the JIT and SQLite's page cache settle): every customer books
    // WARM_UP_BOOKINGS at once, not counted.
    await runCustomers({ origin, customers: CUSTOMERS, steps: [bookingStep], turnsPerCustomer: WARM_UP_BOOKINGS });
    const cpuBefore = await api.cpuMs();
    const bookings = await runCustomers({ origin, customers: CUSTOMERS, steps: [bookingStep], turnsPerCustomer: BOOKINGS_PER_CUSTOMER });
    const bookingCpu = ((await api.cpuMs()) - cpuBefore) / bookings.all.length;
    const booking = summary(`POST /api/appointments, ${CUSTOMERS} concurrent customers`, bookings.all, bookings.elapsedMs / 1000);
    console.log(`  201 booked: ${bookings.statuses.get(201) ?? 0}, 409 SLOT_FULL: ${bookings.statuses.get(409) ?? 0}; API CPU time ${Math.round(bookingCpu * 1000)} µs per booking`);

    // Availability: a centre and a day, 10 clients in a loop over the schedule the bookings filled.
    const availabilityStep: CustomerStep = {
      label: 'GET /api/centres/:id/availability',
      build: () => ({
        method: 'GET',
        path: `/api/centres/${pick(ready.centres)}/availability?date=${addDays(ready.today, Math.floor(Math.random() * 31))}&durationMinutes=${pick(ready.services).durationMinutes}`,
      }),
      expect: [200],
    };
    await runCustomers({ origin, customers: AVAILABILITY_CLIENTS, steps: [availabilityStep], turnsPerCustomer: 5 }); // warm-up
    const availability = await runCustomers({
      origin,
      customers: AVAILABILITY_CLIENTS,
      steps: [availabilityStep],
      turnsPerCustomer: Math.ceil(AVAILABILITY_REQUESTS / AVAILABILITY_CLIENTS),
    });
    const slots = summary(`GET /api/centres/:id/availability, ${AVAILABILITY_CLIENTS} clients`, availability.all, availability.elapsedMs / 1000);
    const unexpected = [...bookings.unexpected, ...availability.unexpected];
    for (const answer of unexpected.slice(0, 5)) console.log(`  unexpected ${answer.status} to ${answer.label}: ${answer.body}`);
    if (unexpected.length > 0 || bookings.errors + availability.errors > 0) {
      throw new Error(`${unexpected.length} unexpected answers, ${bookings.errors + availability.errors} connection errors`);
    }

    console.log('\nBudgets:');
    const slotsOk = slots.p95 < AVAILABILITY_P95_BUDGET_MS;
    const bookingOk = booking.p95 < BOOKING_P95_BUDGET_MS;
    console.log(`  ${slotsOk ? '✔' : '✘'} availability p95 ${round(slots.p95)} ms < ${AVAILABILITY_P95_BUDGET_MS} ms`);
    console.log(`  ${bookingOk ? '✔' : '✘'} booking p95 ${round(booking.p95)} ms < ${BOOKING_P95_BUDGET_MS} ms (${CUSTOMERS} concurrent customers)`);
    failed = !slotsOk || !bookingOk;
  } finally {
    await api.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

runBench({ server: runServer, main });
