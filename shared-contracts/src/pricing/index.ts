/**
 * 'shared-contracts/pricing': the shop's pure rules, zod-free, for the UI's lazy chunks (the root entry is a
 * first-load singleton and does not carry them) and, re-exported by schemas/shop.ts, for the API.
 */
export * from './promotionPricing';
export * from './shipping';
export * from './orderStatus';
export * from './carriers';
export * from './checkoutRules';
export * from './paymentExceptionRules';
export * from './loyaltyTiers';
export * from './loyaltyRules';
export * from '../address/provinces';
export * from './shipmentMachine';
export * from './fitment';
export * from './recallMachine';
export * from './warrantyMachine';
// The catalogue lists' card form (the storefront reads an answer of either form with it).
export * from '../catalogue/cardForm';
