import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';

/** The lines of the generated fleet: the VIN's first 11 characters (a VinFast VF 8 line and a second line). */
export const FLEET_LINES = ['RLLVF8A1XPH', 'RLLVF8A1XPK'] as const;

export interface FleetOptions {
  /** Vehicles per line; serials 000001..perLine. */
  perLine: number;
  owners: readonly number[];
  modelId: number | null;
  /** The production year of serial n (default: 2022 + n % 3). */
  yearOf?: (serial: number) => number;
}

export interface FleetVehicle {
  id: number;
  userId: number;
  vin: string;
  year: number;
}

/**
 * A fleet with known parameters: for each line, `perLine` cars with VIN line + 6-digit serial, owned round-robin by
 * `owners`, of `modelId`, year by `yearOf`; inserted 500 a statement. Answers every vehicle (id, owner, VIN, year).
 */
export async function insertFleet(db: Kysely<Database>, options: FleetOptions): Promise<FleetVehicle[]> {
  const yearOf = options.yearOf ?? ((serial: number) => 2022 + (serial % 3));
  const rows: Array<{ user_id: number; type: string; brand: string; model: string; year: number; license_plate: string; vin: string; odometer_km: number; model_id: number | null }> = [];
  let plate = 0;
  for (const [lineIndex, line] of FLEET_LINES.entries()) {
    for (let serial = 1; serial <= options.perLine; serial += 1) {
      plate += 1;
      rows.push({
        user_id: options.owners[plate % options.owners.length]!,
        type: 'car',
        brand: 'VinFast',
        model: 'VF 8',
        year: yearOf(serial),
        license_plate: `${51 + lineIndex}K-${String(Math.floor(plate / 100) % 1000).padStart(3, '0')}.${String(plate % 100).padStart(2, '0')}`,
        vin: `${line}${String(serial).padStart(6, '0')}`,
        odometer_km: 1000 + serial,
        model_id: options.modelId,
      });
    }
  }
  const vehicles: FleetVehicle[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await db.insertInto('vehicles').values(rows.slice(start, start + 500)).returning(['id', 'user_id', 'vin', 'year']).execute();
    for (const row of inserted) vehicles.push({ id: row.id, userId: row.user_id, vin: row.vin!, year: row.year });
  }
  return vehicles;
}
