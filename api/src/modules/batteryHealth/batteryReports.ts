import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  BATTERY_HEALTH_FLAG_LABELS,
  BATTERY_VERIFY_CODE_ALPHABET,
  BATTERY_VERIFY_CODE_LENGTH,
  BATTERY_VERIFY_CODE_PATTERN,
  batteryHealthFlag,
  batteryReportInputSchema,
  batterySpreadWarning,
  batteryThresholdsOf,
  batteryVerifyPath,
  ERROR_CODES,
  vehicleModelLabel,
  type BatteryHealthFlag,
  type BatteryReport,
  type BatteryVerify,
} from 'shared-contracts/schemas';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { toIsoUtc } from '../../db/portable';
import { instantParameter, lockForShare } from '../../db/sqlDialect';
import { AppError } from '../../http/appError';
import { apiMessages } from '../../http/messages';
import { assertFloorWriter, type CentreScope } from '../../security/centreScope';
import { findOwnVehicleRow, vehicleNotFound } from '../vehicles';
import { batteryHealthMessages as messages } from './batteryHealthMessages';

type Db = Kysely<Database> | Transaction<Database>;
export type BatteryReportFigures = z.output<typeof batteryReportInputSchema>;

/** The order statuses a measurement may be recorded in: while the work is done, and just after. */
export const BATTERY_REPORT_ORDER_STATUSES = ['IN_PROGRESS', 'WORK_DONE'] as const;

/** The body checked here (422 whose message is the first rule broken) rather than by the route schema. */
export function parseBatteryReportInput(body: unknown): BatteryReportFigures {
  const parsed = batteryReportInputSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
  throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, errors[0]?.message ?? apiMessages.validation, errors);
}

/** 12 characters of Crockford's base32 from 60 random bits (8 bytes read, 5 bits per character). */
export function newVerifyCode(): string {
  const bytes = randomBytes(8);
  let bits = bytes.readBigUInt64BE(0);
  let code = '';
  for (let i = 0; i < BATTERY_VERIFY_CODE_LENGTH; i += 1) {
    code += BATTERY_VERIFY_CODE_ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return code;
}

/** The columns every view reads: the report, its model, centre, order and who recorded it. */
function reportQuery(db: Db) {
  return db
    .selectFrom('battery_health_reports as r')
    .innerJoin('service_centres as c', 'c.id', 'r.centre_id')
    .leftJoin('vehicle_models as m', 'm.id', 'r.model_id')
    .leftJoin('service_orders as o', 'o.id', 'r.service_order_id')
    .leftJoin('users as u', 'u.id', 'r.recorded_by')
    .select([
      'r.id',
      'r.vehicle_id',
      'r.service_order_id',
      'r.centre_id',
      'r.soh_percent',
      'r.capacity_kwh',
      'r.cell_spread_mv',
      'r.internal_resistance_mohm',
      'r.temperature_c',
      'r.odometer_km',
      'r.tool',
      'r.verify_code',
      'r.flag',
      'r.spread_warning',
      'r.measured_at',
      'c.name as centre_name',
      'm.brand as model_brand',
      'm.model as model_model',
      'm.variant as model_variant',
      'm.battery_capacity_wh',
      'm.battery_chemistry',
      'o.code as order_code',
      'u.full_name as technician_name',
    ]);
}
type ReportRow = Awaited<ReturnType<ReturnType<typeof reportQuery>['executeTakeFirstOrThrow']>>;

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

function figuresOf(row: ReportRow) {
  const flag = row.flag as BatteryHealthFlag;
  return {
    sohPercent: Number(row.soh_percent),
    capacityKwh: num(row.capacity_kwh),
    ratedCapacityKwh: row.battery_capacity_wh === null ? null : row.battery_capacity_wh / 1000,
    cellSpreadMv: row.cell_spread_mv,
    internalResistanceMohm: num(row.internal_resistance_mohm),
    temperatureC: num(row.temperature_c),
    odometerKm: row.odometer_km,
    tool: row.tool,
    measuredAt: toIsoUtc(row.measured_at),
    flag,
    flagLabel: BATTERY_HEALTH_FLAG_LABELS[flag],
    spreadWarning: row.spread_warning === 1,
    modelLabel: row.model_brand === null || row.model_model === null ? null : vehicleModelLabel({ brand: row.model_brand, model: row.model_model, variant: row.model_variant }),
    centreName: row.centre_name,
  };
}

export function verifyUrlOf(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${batteryVerifyPath(code)}`;
}

function toReport(row: ReportRow, publicUrl: string): BatteryReport {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    serviceOrderId: row.service_order_id,
    serviceOrderCode: row.order_code,
    ...figuresOf(row),
    technicianName: row.technician_name,
    verifyCode: row.verify_code,
    verifyUrl: verifyUrlOf(publicUrl, row.verify_code),
  };
}

/** What a certificate prints: the report, plus the VIN's last 4 characters and the centre's address. */
export interface BatteryCertificateData extends BatteryReport {
  vinLast4: string | null;
  centreAddress: string;
  batteryChemistry: string | null;
}

export interface BatteryHealthContext {
  db: Kysely<Database>;
  publicUrl: string;
  now: () => Date;
}

type OrderRead = { id: number; centre_id: number; status: string; technician_id: number | null; vehicle_id: number | null };

/**
 * The order as the caller may record on it, else the answer: another centre's or missing 404, a technician not
 * assigned to it 403, an order not IN_PROGRESS or WORK_DONE or without the customer's vehicle 409.
 */
async function recordableOrder(db: Db, scope: CentreScope, orderId: number): Promise<OrderRead & { vehicle_id: number }> {
  const order = await db
    .selectFrom('service_orders')
    .select(['id', 'centre_id', 'status', 'technician_id', 'vehicle_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || (scope.centreId !== null && order.centre_id !== scope.centreId)) throw AppError.notFound(messages.orderNotFound);
  if (scope.role === 'technician' && order.technician_id !== scope.userId) throw new AppError(403, ERROR_CODES.NOT_ASSIGNED, messages.notAssigned);
  if (!(BATTERY_REPORT_ORDER_STATUSES as readonly string[]).includes(order.status)) throw AppError.conflict(messages.orderLocked);
  if (order.vehicle_id === null) throw AppError.conflict(messages.noVehicle);
  return { ...order, vehicle_id: order.vehicle_id };
}

/**
 * Records a measurement on a service order: the caller works at the order's centre (else 404, as a missing order),
 * as its assigned technician or as the centre's staff or manager (an admin is read-only on floor work: 403); the
 * order is IN_PROGRESS or WORK_DONE (409) and names the customer's vehicle (409). The flag is computed here from
 * the vehicle's model's thresholds (its own, else its chemistry's defaults), and kept with the row.
 *
 * The row is inserted by one INSERT … SELECT from the order that lands only while the order is still in those
 * statuses, on that vehicle and (for a technician) still theirs: an order invoiced, cancelled or reassigned after
 * the read gets no report, and is answered as it is now. On PostgreSQL the order's row is read FOR SHARE, so a
 * status change not yet committed is waited for and the order re-checked as it was committed.
 */
export async function recordBatteryReport(ctx: BatteryHealthContext, scope: CentreScope, orderId: number, figures: BatteryReportFigures): Promise<BatteryReport> {
  assertFloorWriter(scope);
  const { db } = ctx;
  const order = await recordableOrder(db, scope, orderId);

  const model = await db
    .selectFrom('vehicles')
    .leftJoin('vehicle_models as m', 'm.id', 'vehicles.model_id')
    .select(['vehicles.model_id', 'm.battery_chemistry', 'm.battery_soh_degraded_pct', 'm.battery_soh_replace_pct', 'm.battery_spread_warn_mv'])
    .where('vehicles.id', '=', order.vehicle_id)
    .executeTakeFirstOrThrow();
  const thresholds = batteryThresholdsOf(model.battery_chemistry, {
    degradedBelowPct: model.battery_soh_degraded_pct,
    replaceBelowPct: model.battery_soh_replace_pct,
    spreadWarnAboveMv: model.battery_spread_warn_mv,
  });
  const inserted = await db
    .insertInto('battery_health_reports')
    .columns([
      'vehicle_id',
      'service_order_id',
      'centre_id',
      'model_id',
      'soh_percent',
      'capacity_kwh',
      'cell_spread_mv',
      'internal_resistance_mohm',
      'temperature_c',
      'odometer_km',
      'tool',
      'recorded_by',
      'verify_code',
      'flag',
      'spread_warning',
      'measured_at',
    ])
    .expression((eb) => {
      // Parameters in a SELECT list have no type of their own on PostgreSQL: each is cast to its column's.
      const real = (value: number | null) => eb.cast<number | null>(eb.val(value), 'double precision');
      const integer = (value: number | null) => eb.cast<number | null>(eb.val(value), 'integer');
      const text = (value: string) => eb.cast<string>(eb.val(value), 'text');
      const stillRecordable = eb
        .selectFrom('service_orders')
        .select([
          'service_orders.vehicle_id',
          'service_orders.id',
          'service_orders.centre_id',
          integer(model.model_id).as('model_id'),
          real(figures.sohPercent).as('soh_percent'),
          real(figures.capacityKwh).as('capacity_kwh'),
          integer(figures.cellSpreadMv).as('cell_spread_mv'),
          real(figures.internalResistanceMohm).as('internal_resistance_mohm'),
          real(figures.temperatureC).as('temperature_c'),
          integer(figures.odometerKm).as('odometer_km'),
          text(figures.tool).as('tool'),
          integer(scope.userId).as('recorded_by'),
          text(newVerifyCode()).as('verify_code'),
          text(batteryHealthFlag(figures.sohPercent, thresholds)).as('flag'),
          integer(batterySpreadWarning(figures.cellSpreadMv, thresholds) ? 1 : 0).as('spread_warning'),
          instantParameter(db, ctx.now().toISOString()).as('measured_at'),
        ])
        .where('service_orders.id', '=', order.id)
        .where('service_orders.status', 'in', [...BATTERY_REPORT_ORDER_STATUSES])
        .where('service_orders.vehicle_id', '=', order.vehicle_id)
        .$if(scope.role === 'technician', (query) => query.where('service_orders.technician_id', '=', scope.userId));
      return lockForShare(db, stillRecordable);
    })
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    // The order moved on since it was read: answered as it is now; still recordable, it changed vehicle.
    await recordableOrder(db, scope, orderId);
    throw AppError.conflict(messages.orderChanged);
  }
  return toReport(await reportQuery(db).where('r.id', '=', inserted.id).executeTakeFirstOrThrow(), ctx.publicUrl);
}

/** An order's reports, newest first (the order within the caller's centre, else 404). */
export async function reportsOfOrder(ctx: BatteryHealthContext, scope: CentreScope, orderId: number): Promise<BatteryReport[]> {
  const order = await ctx.db.selectFrom('service_orders').select('centre_id').where('id', '=', orderId).executeTakeFirst();
  if (!order || (scope.centreId !== null && order.centre_id !== scope.centreId)) throw AppError.notFound(messages.orderNotFound);
  const rows = await reportQuery(ctx.db).where('r.service_order_id', '=', orderId).orderBy('r.measured_at', 'desc').orderBy('r.id', 'desc').execute();
  return rows.map((row) => toReport(row, ctx.publicUrl));
}

/** The customer's own vehicle's reports, oldest first (the trend reads left to right); another's vehicle: 404. */
export async function reportsOfOwnVehicle(ctx: BatteryHealthContext, userId: number, vehicleId: number): Promise<BatteryReport[]> {
  const vehicle = await findOwnVehicleRow(ctx.db, userId, vehicleId);
  if (!vehicle) throw vehicleNotFound();
  const rows = await reportQuery(ctx.db).where('r.vehicle_id', '=', vehicleId).orderBy('r.measured_at').orderBy('r.id').execute();
  return rows.map((row) => toReport(row, ctx.publicUrl));
}

async function certificateOf(ctx: BatteryHealthContext, row: ReportRow | undefined): Promise<BatteryCertificateData> {
  if (!row) throw AppError.notFound(messages.reportNotFound);
  const [vehicle, centre] = await Promise.all([
    ctx.db.selectFrom('vehicles').select('vin').where('id', '=', row.vehicle_id).executeTakeFirst(),
    ctx.db.selectFrom('service_centres').select('address').where('id', '=', row.centre_id).executeTakeFirstOrThrow(),
  ]);
  const vin = vehicle?.vin?.trim() ?? '';
  return { ...toReport(row, ctx.publicUrl), vinLast4: vin.length >= 4 ? vin.slice(-4) : null, centreAddress: centre.address, batteryChemistry: row.battery_chemistry };
}

/** The certificate of one of the customer's own vehicles' reports (another's: 404). */
export async function customerCertificate(ctx: BatteryHealthContext, userId: number, vehicleId: number, reportId: number): Promise<BatteryCertificateData> {
  const vehicle = await findOwnVehicleRow(ctx.db, userId, vehicleId);
  if (!vehicle) throw vehicleNotFound();
  return certificateOf(ctx, await reportQuery(ctx.db).where('r.id', '=', reportId).where('r.vehicle_id', '=', vehicleId).executeTakeFirst());
}

/** The certificate of a report taken at the caller's centre (an admin: any; another centre's: 404). */
export async function staffCertificate(ctx: BatteryHealthContext, scope: CentreScope, reportId: number): Promise<BatteryCertificateData> {
  const row = await reportQuery(ctx.db)
    .where('r.id', '=', reportId)
    .$if(scope.centreId !== null, (query) => query.where('r.centre_id', '=', scope.centreId!))
    .executeTakeFirst();
  return certificateOf(ctx, row);
}

/**
 * The public answer for a verify code: the figures, the model, the date and the centre — no name, phone, plate or
 * VIN. A code not of the certificate's shape is refused without a lookup; both it and an unknown one are a 404.
 */
export async function verifyBatteryReport(db: Kysely<Database>, code: string): Promise<BatteryVerify> {
  const normalised = code.trim().toUpperCase();
  if (!BATTERY_VERIFY_CODE_PATTERN.test(normalised)) throw AppError.notFound(messages.verifyNotFound);
  const row = await reportQuery(db).where('r.verify_code', '=', normalised).executeTakeFirst();
  if (!row) throw AppError.notFound(messages.verifyNotFound);
  return { code: row.verify_code, batteryChemistry: row.battery_chemistry, ...figuresOf(row) };
}

/** What the failure prediction reads: the vehicle's latest measurement (its SOH, flag and where it was taken). */
export interface LatestBatteryReading {
  measuredAt: Date;
  odometerKm: number;
  sohPercent: number;
  flag: BatteryHealthFlag;
}

export async function latestBatteryReading(db: Kysely<Database>, vehicleId: number): Promise<LatestBatteryReading | null> {
  const row = await db
    .selectFrom('battery_health_reports')
    .select(['measured_at', 'odometer_km', 'soh_percent', 'flag'])
    .where('vehicle_id', '=', vehicleId)
    .orderBy('measured_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return { measuredAt: new Date(toIsoUtc(row.measured_at)), odometerKm: row.odometer_km, sohPercent: Number(row.soh_percent), flag: row.flag as BatteryHealthFlag };
}
