import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BATTERY_VERIFY_CODE_ALPHABET, batteryHealthFlag, batterySpreadWarning, batteryThresholdsOf } from 'shared-contracts/schemas';
import type { Database } from '../src/db/schema';

/** SOH (%), cell spread (mV), resistance (mΩ) of the demo's battery checks, oldest first; the last of the first vehicle is "Pin suy giảm". */
const FADE: ReadonlyArray<readonly [number, number, number]> = [
  [96.5, 14, 42],
  [88, 27, 51],
  [77.5, 58, 66],
];
const TOOLS = ['Midtronics EXP-1000', 'Foxwell BT780', 'Launch X-431 BST'];

function verifyCode(): string {
  const bytes = randomBytes(12);
  return [...bytes].map((byte) => BATTERY_VERIFY_CODE_ALPHABET[byte & 31]).join('');
}

/**
 * Battery health reports in the demo history (issue 66 §3): for the demo customer's vehicles that name a model, one
 * report per closed service order (at most three, the latest last), the figures fading with the years as a battery
 * does, flagged as the API flags them — the first vehicle's latest one "Pin suy giảm". Insert-only: a vehicle that
 * has reports is left alone, so running the seed twice changes nothing. Returns how many were written.
 */
export async function seedDemoBatteryReports(db: Kysely<Database>, customerEmail: string): Promise<number> {
  const vehicles = await db
    .selectFrom('vehicles')
    .innerJoin('users', 'users.id', 'vehicles.user_id')
    .innerJoin('vehicle_models as m', 'm.id', 'vehicles.model_id')
    .select(['vehicles.id', 'vehicles.model_id', 'm.battery_capacity_wh', 'm.battery_chemistry', 'm.battery_soh_degraded_pct', 'm.battery_soh_replace_pct', 'm.battery_spread_warn_mv'])
    .where('users.email', '=', customerEmail)
    .where('vehicles.deleted_at', 'is', null)
    .orderBy('vehicles.id')
    .execute();
  let written = 0;
  for (const [index, vehicle] of vehicles.entries()) {
    const existing = await db.selectFrom('battery_health_reports').select('id').where('vehicle_id', '=', vehicle.id).limit(1).executeTakeFirst();
    if (existing) continue;
    const orders = await db
      .selectFrom('service_orders')
      .select(['id', 'centre_id', 'technician_id', 'odometer_in_km', 'closed_at'])
      .where('vehicle_id', '=', vehicle.id)
      .where('status', '=', 'CLOSED')
      .where('technician_id', 'is not', null)
      .orderBy('closed_at', 'desc')
      .limit(FADE.length)
      .execute();
    if (orders.length === 0) continue;
    const thresholds = batteryThresholdsOf(vehicle.battery_chemistry, {
      degradedBelowPct: vehicle.battery_soh_degraded_pct,
      replaceBelowPct: vehicle.battery_soh_replace_pct,
      spreadWarnAboveMv: vehicle.battery_spread_warn_mv,
    });
    const oldestFirst = orders.reverse();
    // the first vehicle ends on the fade's last step ("Pin suy giảm"); the others stop before it, healthy
    const steps = index === 0 ? FADE.slice(FADE.length - oldestFirst.length) : FADE.slice(0, oldestFirst.length);
    const rated = vehicle.battery_capacity_wh === null ? null : vehicle.battery_capacity_wh / 1000;
    for (const [step, order] of oldestFirst.entries()) {
      const [soh, spread, resistance] = steps[step]!;
      await db
        .insertInto('battery_health_reports')
        .values({
          vehicle_id: vehicle.id,
          service_order_id: order.id,
          centre_id: order.centre_id,
          model_id: vehicle.model_id,
          soh_percent: soh,
          capacity_kwh: rated === null ? null : Math.round(rated * soh) / 100,
          cell_spread_mv: spread,
          internal_resistance_mohm: resistance,
          temperature_c: 27 + step,
          odometer_km: order.odometer_in_km,
          tool: TOOLS[step % TOOLS.length]!,
          recorded_by: order.technician_id!,
          verify_code: verifyCode(),
          flag: batteryHealthFlag(soh, thresholds),
          spread_warning: batterySpreadWarning(spread, thresholds) ? 1 : 0,
          measured_at: new Date(order.closed_at!).toISOString(),
        })
        .execute();
      written += 1;
    }
  }
  return written;
}
