/**
 * The loyalty module's front door — members' points as a ledger of entries: earned once a paid sale is complete (from
 * the ledger's sale events, under the rules in force when it was paid, times the member's tier multiplier), a refund's
 * share reversed, lots expiring oldest first 12 months after earning; tiers by 12 months' spending, reviewed nightly.
 * Nothing else of the module is imported from outside.
 */
export { loyaltyModule } from './loyaltyModule';
// The demo history's points (the seed, development only).
export { seedDemoPoints } from './demoPoints';
export { seedDemoMemberPrices } from './demoMemberPrices';
// Points paying part of a web order (orders: quote, place, cancel, reopen), within the order's transaction.
export { offerPoints, pointsForOrder, redeemForOrder, retakeOrderPoints, returnOrderPoints } from './pointRedemption';
// Points spent at the service counter with the customer's code (serviceOrders: an unpaid invoice's points).
export { counterPointsMessages, counterPointsOffer, redeemAtCounter, returnCounterPoints } from './counterRedemption';
// Members' tiers: the daily review (a scheduled job of server.ts, 01:30) and a member's tier and multiplier (orders: VIP and a promotion's minimum tier).
export { memberTierOf, reviewTiers } from './memberTiers';
// Member prices by tier (orders: a quote's and an order's unit prices; catalogue: the product page's, injected by app.ts).
export { memberPricesFor, productMemberPrices, type MemberPriceOffer } from './memberPrices';
// The daily notice of points about to expire (a scheduled job of server.ts).
export { noticeExpiringPoints } from './expiryNotices';
// The daily birthday bonus (a scheduled job of server.ts, 08:00).
export { giveBirthdayBonuses } from './birthdayBonus';
