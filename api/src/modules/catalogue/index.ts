/**
 * The catalogue module's front door — public products, services, packages, promotions: lists (cached, read model),
 * detail, effective price. Nothing else of the module is imported from outside.
 */
export { CatalogueCache, OK_JSON_WRAPPING, catalogueGeneration, invalidateCatalogue, joinedAnswerHashed, sendReadyJson } from './catalogueCache';
export { firstImageFromColumn, imageFromColumn, imagesFromColumn, parseCategories, parseChecklist, parseJson, parseSpecifications, parseStrings, parseVehicleTypes, toImage, type StoredImageJson } from './catalogueMapping';
export { catalogueRoutes } from './catalogueRoutes';
export { effectivePrice, nextPriceChange, type SaleColumns } from './effectivePrice';
export { renderProductDescription } from './productDescription';
export { createProductListRefresher } from './productListRefresher';
