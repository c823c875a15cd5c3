import type { Kysely } from 'kysely';
import { createMigrator } from '../../../src/db/migrate';
import { migrations } from '../../../src/db/migrations';
import { REFERENCE_VEHICLE_MODELS } from '../../../src/lib/vehicleModels';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';

const MIGRATION = '0070_vehicle_models';
const NAMES = Object.keys(migrations).sort();
const BEFORE = NAMES[NAMES.indexOf(MIGRATION) - 1]!;

/**
 * Migration 0070 (issue 66 §1): the vehicle models' reference rows inserted, existing vehicles matched by their typed
 * brand and model (accents, case and spaces ignored), the others left for the customer to choose.
 */
describe.each(testDatabases())('migration 0070 (vehicle models) on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: false });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema changes under the test
  const anyDb = (): Kysely<any> => scratch.db;

  it('inserts the reference models and matches existing vehicles once by brand and model', async () => {
    const migrator = createMigrator(scratch.db);
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const userId = Number(
      (await anyDb().insertInto('users').values({ email: 'xe.0070@example.vn', password_hash: null, full_name: 'Khách Kiểm Thử', role: 'customer' }).returning('id').executeTakeFirstOrThrow()).id,
    );
    const vehicle = async (type: string, brand: string, model: string, plate: string) =>
      Number(
        (
          await anyDb()
            .insertInto('vehicles')
            .values({ user_id: userId, type, brand, model, year: 2023, license_plate: plate, odometer_km: 1000 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const feliz = await vehicle('scooter', 'VinFast', 'Feliz S', '29MĐ1-111.11');
    const evo = await vehicle('scooter', 'VinFast', 'Evo 200', '29MĐ1-222.22');
    const vf8 = await vehicle('car', 'VinFast', 'VF 8', '30A-333.33');
    const vf8Plus = await vehicle('car', 'vinfast', 'VF8 Plus', '30A-444.44');
    const weaver = await vehicle('motorbike', 'Dat Bike', 'Weaver++', '29AA-555.55');
    const unknown = await vehicle('car', 'BYD', 'Tang', '30A-666.66');

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    const models = await anyDb().selectFrom('vehicle_models').selectAll().execute();
    expect(models).toHaveLength(REFERENCE_VEHICLE_MODELS.length);
    const bySlug = new Map(models.map((row) => [row.slug as string, row]));
    expect(bySlug.get('vinfast-feliz-s')).toMatchObject({ brand: 'VinFast', model: 'Feliz S', variant: '', type: 'scooter', battery_capacity_wh: 3500, battery_chemistry: 'LFP', is_active: 1 });
    expect(bySlug.get('vinfast-vf-8-plus')).toMatchObject({ model: 'VF 8', variant: 'Plus', type: 'car' });

    const modelOf = async (id: number) => (await anyDb().selectFrom('vehicles').select('model_id').where('id', '=', id).executeTakeFirstOrThrow()).model_id as number | null;
    const slugOf = async (id: number) => {
      const modelId = await modelOf(id);
      return modelId === null ? null : (models.find((row) => row.id === modelId)?.slug ?? 'missing');
    };
    expect(await slugOf(feliz)).toBe('vinfast-feliz-s');
    expect(await slugOf(evo)).toBe('vinfast-evo200');
    expect(await slugOf(vf8)).toBe('vinfast-vf-8');
    expect(await slugOf(vf8Plus)).toBe('vinfast-vf-8-plus');
    expect(await slugOf(weaver)).toBe('dat-bike-weaver-plus-plus');
    expect(await modelOf(unknown)).toBeNull();

    // The same brand + model + variant twice is refused, and so is an unknown type.
    const duplicate = anyDb().insertInto('vehicle_models').values({ slug: 'vinfast-feliz-s-2', brand: 'VinFast', model: 'Feliz S', variant: '', type: 'scooter' }).execute();
    await expect(duplicate).rejects.toThrow();
    const badType = anyDb().insertInto('vehicle_models').values({ slug: 'vinfast-thuyen', brand: 'VinFast', model: 'Thuyền', type: 'boat' }).execute();
    await expect(badType).rejects.toThrow();

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
