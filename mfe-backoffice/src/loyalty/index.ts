// Members' points in the back office (issue 67): the admin's rules ("Điểm thưởng" on /admin?view=loyalty) and a
// customer's ledger with "Điều chỉnh điểm" on their record (/staff/customers, managers and admins).
export { CustomerLoyaltyPanel } from './CustomerLoyaltyPanel';
export { LoyaltySettingsPanel } from './LoyaltySettingsPanel';
export { TierRulesPanel } from './TierRulesPanel';
export { LoyaltyKpisPanel } from './LoyaltyKpisPanel';
export { MemberPricesPanel } from './MemberPricesPanel';
