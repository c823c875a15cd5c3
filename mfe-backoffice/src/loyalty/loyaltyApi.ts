import { apiClient, readData } from 'shared-contracts';
import type {
  CustomerLoyalty,
  LoyaltyAdjustmentInput,
  LoyaltyKpis,
  LoyaltyKpisQuery,
  LoyaltySettingsInput,
  LoyaltySettingsOverview,
  LoyaltyTierRulesInput,
  LoyaltyTierRulesOverview,
  MemberPrice,
  MemberPriceInput,
  MemberPricePage,
  ProductAdminPage,
} from 'shared-contracts/schemas';

const customerBase = (userId: number) => `/staff/customers/${userId}/loyalty`;

/** Members' points in the back office (api/src/modules/loyalty/loyaltyBackOfficeRoutes.ts). */
export const loyaltyApi = {
  /** GET /admin/loyalty/settings: the rules in force and every change (admin). */
  settings: (signal?: AbortSignal) => readData<LoyaltySettingsOverview>(apiClient.get('/admin/loyalty/settings', { signal })),
  /** POST /admin/loyalty/settings: a new change, from now (no effectiveFrom) or a later instant (admin). */
  changeSettings: (input: LoyaltySettingsInput) => readData<LoyaltySettingsOverview>(apiClient.post('/admin/loyalty/settings', input)),
  /** GET /admin/loyalty/tiers: the tiers' rules in force and every change (admin). */
  tierRules: (signal?: AbortSignal) => readData<LoyaltyTierRulesOverview>(apiClient.get('/admin/loyalty/tiers', { signal })),
  /** POST /admin/loyalty/tiers: a new change of the tiers' rules, from now or a later instant (admin). */
  changeTierRules: (input: LoyaltyTierRulesInput) => readData<LoyaltyTierRulesOverview>(apiClient.post('/admin/loyalty/tiers', input)),
  /** GET /admin/loyalty/member-prices?page=: the member prices in force, newest first (admin). */
  memberPrices: (page: number, signal?: AbortSignal) => readData<MemberPricePage>(apiClient.get('/admin/loyalty/member-prices', { query: { page }, signal })),
  /** POST /admin/loyalty/member-prices: a tier's price of a product (replaces the one in force for that tier; admin). */
  setMemberPrice: (input: MemberPriceInput) => readData<MemberPrice>(apiClient.post('/admin/loyalty/member-prices', input)),
  /** DELETE /admin/loyalty/member-prices/:id: ends a member price (placed orders keep theirs; admin). */
  endMemberPrice: (id: number) => readData<MemberPrice>(apiClient.delete(`/admin/loyalty/member-prices/${id}`)),
  /** The admin's product search (GET /admin/catalogue/products?q=: name or SKU), a few at a time, for a member price. */
  findProducts: (q: string, signal?: AbortSignal) => readData<ProductAdminPage>(apiClient.get('/admin/catalogue/products', { query: { q, page: 1, pageSize: 8 }, signal })),
  /** GET /admin/loyalty/kpis?from=&to=: the points' figures per month (none: the last 12 months; admin, manager). */
  kpis: (query: LoyaltyKpisQuery, signal?: AbortSignal) => readData<LoyaltyKpis>(apiClient.get('/admin/loyalty/kpis', { query, signal })),
  /** GET /staff/customers/:userId/loyalty?page=: the customer's balance and a page of the ledger (manager, admin). */
  customer: (userId: number, page = 1, signal?: AbortSignal) => readData<CustomerLoyalty>(apiClient.get(customerBase(userId), { query: { page }, signal })),
  /**
   * POST /staff/customers/:userId/loyalty/adjustments { points, reason } with its Idempotency-Key: the same key again
   * (a double click, a retry after a lost answer) writes nothing more and answers the ledger as it is.
   */
  adjust: (userId: number, input: Omit<LoyaltyAdjustmentInput, 'clientKey'>, key: string) =>
    readData<CustomerLoyalty>(apiClient.post(`${customerBase(userId)}/adjustments`, input, { headers: { 'Idempotency-Key': key } })),
};

/** A new request key: one per adjustment the manager means to make (kept across a retry of the same one). */
export const newRequestKey = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `adj-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
