/**
 * The fitment module's front door — which vehicle models a product fits, by years and position: the product list's fit
 * and fit-only filter, the product page's rows, the cart's and the checkout's marks. Nothing else of the module is
 * imported from outside.
 */
export {
  decodeFitmentRules,
  encodeFitmentRules,
  findFitVehicle,
  fitmentMessages,
  fitmentRulesOf,
  fitOfProducts,
  fitsVehicleSql,
  productFitmentList,
  productFitmentLists,
  vehicleModelLabel,
  withLineFits,
  type ChosenVehicle,
} from './fitmentQueries';
