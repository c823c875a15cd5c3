// "Dòng xe" (issue 66 §1) at /admin/vehicle-models: the vehicle models customers' vehicles and products' fitment name,
// listed, searched, added, edited, deactivated and reactivated.
export { VehicleModelsPage } from './VehicleModelsPage';
