/**
 * The fitment module's front door (issue 66 §2): which vehicle models a product fits. Reads for the catalogue (the
 * list's fit and fitOnly, the product page's rows), the cart and the checkout; the rows as the list's read model
 * carries them. It imports no other module (the catalogue and the back office import it).
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
  vehicleModelLabel,
  type ChosenVehicle,
} from './fitmentQueries';
