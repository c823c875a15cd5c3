import { DEMO_ACCOUNTS } from '../../seed';
import { linkDemoVehicleModels } from '../../seed/vehicleModelLinks';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/** Issue 66 §1: every demo customer's vehicle names its reference model, so "Xe của tôi" never asks the demo to choose. */
describe.each(testDatabases())('the demo vehicles’ models on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });

  it('links every seeded vehicle to the model of its type, brand and name', async () => {
    const vehicles = await scratch.db
      .selectFrom('vehicles')
      .leftJoin('vehicle_models', 'vehicle_models.id', 'vehicles.model_id')
      .select(['vehicles.type', 'vehicles.brand', 'vehicles.model', 'vehicle_models.type as modelType', 'vehicle_models.brand as modelBrand', 'vehicle_models.slug'])
      .execute();
    expect(vehicles.length).toBeGreaterThan(0);
    expect(vehicles.filter((vehicle) => vehicle.slug === null)).toEqual([]);
    for (const vehicle of vehicles) expect({ type: vehicle.modelType, brand: vehicle.modelBrand }).toEqual({ type: vehicle.type, brand: vehicle.brand });

    const customer = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!;
    const own = await scratch.db
      .selectFrom('vehicles')
      .innerJoin('users', 'users.id', 'vehicles.user_id')
      .innerJoin('vehicle_models', 'vehicle_models.id', 'vehicles.model_id')
      .select(['vehicles.model', 'vehicle_models.slug'])
      .where('users.email', '=', customer.email)
      .orderBy('vehicles.id')
      .execute();
    expect(own.map((vehicle) => vehicle.slug)).toEqual(expect.arrayContaining(['vinfast-klara-s', 'vinfast-vf-5']));
    // Seeding again links nothing more.
    expect(await linkDemoVehicleModels(scratch.db)).toBe(0);
  });
});
