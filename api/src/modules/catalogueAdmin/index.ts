/**
 * The catalogueAdmin module's front door — every write of the catalogue: the admin's versioned edits, history, CSV
 * import/export, services and packages, the seed's inserts and the sales and rating counters. Nothing else of the
 * module is imported from outside.
 */
export { catalogueAdminModule } from './catalogueAdminModule';
export { insertBrandIfMissing, insertCategoryIfMissing, insertPackageIfMissing, insertProductIfMissing, insertProductsIfMissing, insertServiceIfMissing, modelsSearchText, packageSearchText, productSearchText, replacePackageCredits, serviceSearchText, type ProductInput } from './catalogueWrites';
export { countProductSale, recountProductSale, setProductRatings, uncountProductSale, type ProductRatings } from './productCounters';
export { recoverProductCsvImports } from './productCsvRecovery';
