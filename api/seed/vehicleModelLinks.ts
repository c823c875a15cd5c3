import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { matchVehicleModel } from '../src/lib/vehicleModels';

/**
 * Every seeded vehicle names its reference model (issue 66 §1), as migration 0070 matched the vehicles it found: by
 * the typed brand and model (accents, case and spaces ignored), among the active models of the vehicle's type. A
 * vehicle already linked keeps its model. Returns how many were linked.
 */
export async function linkDemoVehicleModels(db: Kysely<Database>): Promise<number> {
  const models = await db.selectFrom('vehicle_models').select(['id', 'brand', 'model', 'variant', 'type']).where('is_active', '=', 1).execute();
  const typed = await db.selectFrom('vehicles').select(['type', 'brand', 'model']).distinct().where('model_id', 'is', null).execute();
  let linked = 0;
  for (const { type, brand, model } of typed) {
    const found = matchVehicleModel(
      models.filter((entry) => entry.type === type),
      brand,
      model,
    );
    if (!found) continue;
    const result = await db
      .updateTable('vehicles')
      .set({ model_id: found.id })
      .where('type', '=', type)
      .where('brand', '=', brand)
      .where('model', '=', model)
      .where('model_id', 'is', null)
      .executeTakeFirst();
    linked += Number(result.numUpdatedRows);
  }
  return linked;
}
