// The customer's vehicle in the storefront (issue 66 §2): the "Xe của bạn" chooser, the fit badge of cards and the
// product page, the product page's "Xe tương thích", the cart's and the checkout's warning on a line that does not fit.
export { VehicleChooser } from './VehicleChooser';
export { FitBadge } from './FitBadge';
export { FitWarning } from './FitWarning';
export { CompatibleVehicles } from './CompatibleVehicles';
export { useChosenVehicle, fitQueryOf, fitKeyOf, fitQueryOfKey, readChosenVehicle, type ChosenVehicle, type FitQuery } from './chosenVehicle';
export { fitText } from './fitText';
// The reference models' read (GET /api/vehicle-models), also the booking's vehicle form's and the diagnosis page's.
export { vehicleFitApi, type ModelOption } from './vehicleFitApi';
