import { rmSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Appointment, AppointmentStatus } from 'shared-contracts/schemas';
import type { App } from '../../src/app';
import type { Config } from '../../src/config';
import type { Database } from '../../src/db/schema';
import type { AppContextOptions } from '../../src/appContext';
import { createEventBus, type EventBus } from '../../src/events/eventBus';
import { manualClock, type ManualClock } from '../../src/security/clock';
import { testConfig } from './authTestKit';
import { buildTestApp } from './testApp';

/**
 * Helpers of the service-side suites: an app with a manual clock, users made straight in the database (no
 * argon2 round per user) with tokens issued by the app, a test centre with the bays a test needs, and the
 * ids of the seeded maintenance services.
 */

/** Thursday 19/11/2026 08:00 in Vietnam. */
export const DEFAULT_NOW = '2026-11-19T01:00:00.000Z';

export interface ServiceApp {
  app: App;
  clock: ManualClock;
  config: Config;
  /** The app's live bus (the one its config chooses): what a test writes straight into the database, it tells here. */
  events: EventBus;
  close(): Promise<void>;
}

export async function startServiceApp(
  db: Kysely<Database>,
  options: { now?: string; configOverrides?: Partial<Config>; context?: Partial<AppContextOptions> } = {},
): Promise<ServiceApp> {
  const clock = manualClock(options.now ?? DEFAULT_NOW);
  const config = testConfig(options.configOverrides);
  const events = createEventBus({ config, db, log: silentLog });
  const app = buildTestApp(db, { context: { ...options.context, clock, config, events } });
  await app.ready();
  return {
    app,
    clock,
    config,
    events,
    async close() {
      await app.close();
      await events.close();
      rmSync(config.uploadDir, { recursive: true, force: true });
    },
  };
}

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

let userCounter = 0;

export interface TestUser {
  id: number;
  email: string;
  role: 'customer' | 'staff' | 'technician' | 'manager' | 'admin';
}

/** A verified user of `role` (no password: tokens come from the app). */
export async function createUser(db: Kysely<Database>, role: TestUser['role'] = 'customer', fullName = 'Trần Thị Khách'): Promise<TestUser> {
  userCounter += 1;
  const email = `${role}.${process.pid}.${Date.now()}.${userCounter}@example.vn`;
  const row = await db
    .insertInto('users')
    .values({
      email,
      password_hash: null,
      full_name: fullName,
      phone_number: `09${String(10_000_000 + userCounter).slice(-8)}`,
      address: null,
      date_of_birth: null,
      gender: null,
      avatar_url: null,
      role,
      google_sub: null,
      email_verified_at: new Date().toISOString(),
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, role };
}

/** Authorization header of a fresh access token (valid 15 minutes of the app's clock). */
export async function authHeader(app: App, user: TestUser): Promise<{ authorization: string }> {
  const { token } = await app.accessTokens.issue({ userId: user.id, role: user.role });
  return { authorization: `Bearer ${token}` };
}

let centreCounter = 0;

/** A centre of the test's own (bays and opening hours as given). */
export async function createCentre(db: Kysely<Database>, options: { bays: number; open?: string; close?: string }): Promise<number> {
  centreCounter += 1;
  const row = await db
    .insertInto('service_centres')
    .values({
      slug: `thu-nghiem-${process.pid}-${Date.now()}-${centreCounter}`,
      name: `Chi nhánh thử nghiệm ${centreCounter}`,
      city: 'Hà Nội',
      address: '1 Tràng Tiền, phường Hoàn Kiếm, Hà Nội',
      phone: '024 3825 0000',
      email: `thunghiem${centreCounter}@evservice.vn`,
      open_time: options.open ?? '08:00',
      close_time: options.close ?? '17:00',
      service_bays: options.bays,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function serviceId(db: Kysely<Database>, slug: string): Promise<number> {
  return (await db.selectFrom('services').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
}

let plateCounter = 0;

/** A plausible car plate nobody else in the suite has ('30A-100.01', ...). */
export function nextCarPlate(): string {
  plateCounter += 1;
  const digits = String(10_000 + plateCounter).slice(-5);
  return `30A-${digits.slice(0, 3)}.${digits.slice(3)}`;
}

/** A customer's scooter, added through the API. */
export async function addScooter(app: App, user: TestUser, overrides: Record<string, unknown> = {}): Promise<{ id: number }> {
  plateCounter += 1;
  const digits = String(10_000 + plateCounter).slice(-5);
  const response = await app.inject({
    method: 'POST',
    url: '/api/vehicles',
    headers: await authHeader(app, user),
    payload: { type: 'scooter', brand: 'VinFast', model: 'Klara S', year: 2024, licensePlate: `29MĐ1-${digits.slice(0, 3)}.${digits.slice(3)}`, odometerKm: 1000, ...overrides },
  });
  if (response.statusCode !== 201) throw new Error(`add vehicle failed: ${response.body}`);
  return response.json().data as { id: number };
}

/** Books as `user`; returns the raw response. */
export async function book(app: App, user: TestUser | null, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/appointments', headers: user ? await authHeader(app, user) : {}, payload });
}

export function appointmentOf(response: { json(): unknown }): Appointment {
  return (response.json() as { data: Appointment }).data;
}

export async function occupancy(db: Kysely<Database>, centreId: number): Promise<Record<string, number>> {
  const rows = await db.selectFrom('slot_occupancy').select(['slot_start', 'booked']).where('centre_id', '=', centreId).where('booked', '>', 0).execute();
  return Object.fromEntries(rows.map((row) => [new Date(row.slot_start).toISOString(), row.booked]));
}

export async function statusOf(db: Kysely<Database>, appointmentId: number): Promise<AppointmentStatus> {
  return (await db.selectFrom('appointments').select('status').where('id', '=', appointmentId).executeTakeFirstOrThrow()).status as AppointmentStatus;
}
