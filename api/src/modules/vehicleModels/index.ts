/**
 * The vehicleModels module's front door — vehicle models as reference data (brand, model, variant, years, battery):
 * the public accent-insensitive search, the admin's list, edits and deactivation of a model in use. Nothing else of
 * the module is imported from outside.
 */
export { vehicleModelRoutes } from './vehicleModelRoutes';
export { matchActiveVehicleModel, modelTextOf, readVehicleModel, toVehicleModel, toVehicleModelRef, vehicleModelMessages, vehicleModelRefs } from './vehicleModelQueries';
export { requireTypedVehicleModel } from './typedVehicleModel';
export { activeVehicleModels, type ActiveVehicleModels } from './activeVehicleModels';
