/**
 * The catalogueAdmin module's front door — the admin's versioned catalogue writes, history, CSV import/export,
 * services and packages. Nothing else of the module is imported from outside.
 */
export { catalogueAdminModule } from './catalogueAdminModule';
export { recoverProductCsvImports } from './productCsvRecovery';
