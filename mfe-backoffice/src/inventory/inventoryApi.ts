import { apiClient, type Outcome, readData, readOutcome } from 'shared-contracts';
import type {
  AdjustInput,
  InventoryChange,
  InventoryPage,
  InventorySummary,
  LowStockList,
  MinStockInput,
  MovementPage,
  ReceiveInput,
  SearchResult,
  ServiceCentre,
} from 'shared-contracts/schemas';
import type { StockMovementKind } from './inventoryRules';
import type { GoodsReceipt, GoodsReceiptInput, GoodsReceiptPage, ProductStock, StockLocation } from './stockTypes';

export interface InventoryQuery {
  centreId?: number;
  q?: string;
  lowOnly?: boolean;
  page: number;
  pageSize: number;
}

export interface MovementsQuery {
  centreId?: number;
  productId?: number;
  kind?: StockMovementKind;
  /** Vietnamese calendar dates (YYYY-MM-DD), both inclusive. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** A product the manager can pick (receive lines, the ledger's filter). */
export interface ProductOption {
  productId: number;
  name: string;
  /** The SKU of a stocked product; the brand and category of one from the catalogue. */
  detail: string;
  /** What the centre has of it; null when the centre has never stocked it. */
  onHand: number | null;
}

/** How many products one pick search shows. */
const PICK_LIMIT = 10;

/**
 * The centre inventory's calls (spec back-office §7 M2, M1's low-stock list). Reads take the admin's
 * `centreId` (a manager's or staff member's own centre otherwise); writes send it too (required for an admin).
 */
export const inventoryApi = {
  /** GET /centres: the service centres (an admin's choice, and the centre's name). */
  centres: (signal?: AbortSignal) => readData<ServiceCentre[]>(apiClient.get('/centres', { signal })),
  /** GET /inventory/locations: the stock locations the caller may see (an admin: every one, the online warehouse included). */
  locations: (signal?: AbortSignal) => readData<StockLocation[]>(apiClient.get('/inventory/locations', { signal })),
  /** GET /inventory/products/:productId/stock: one product's stock at every location the caller may see. */
  productStock: (productId: number, signal?: AbortSignal) => readData<ProductStock>(apiClient.get(`/inventory/products/${productId}/stock`, { signal })),
  /** POST /inventory/goods-receipts: a supplier's delivery into a location (all lines or none). */
  receiveGoods: (input: GoodsReceiptInput): Promise<Outcome<{ receipt: GoodsReceipt }>> => readOutcome(apiClient.post('/inventory/goods-receipts', input)),
  /** GET /inventory/goods-receipts: the location's receipts, newest first. */
  goodsReceipts: (query: { centreId?: number; page: number; pageSize: number }, signal?: AbortSignal) =>
    readData<GoodsReceiptPage>(apiClient.get('/inventory/goods-receipts', { query: { ...query }, signal })),
  /** GET /inventory?q=&lowOnly=&page=&pageSize=: the stock table with its totals. */
  page: (query: InventoryQuery, signal?: AbortSignal) =>
    readData<InventoryPage>(
      apiClient.get('/inventory', { query: { centreId: query.centreId, q: query.q || undefined, lowOnly: query.lowOnly ? 'true' : undefined, page: query.page, pageSize: query.pageSize }, signal }),
    ),
  /** GET /inventory/summary: the centre's whole stock in figures (products, units, value at the sale price, low count). */
  summary: (centreId: number | undefined, signal?: AbortSignal) => readData<InventorySummary>(apiClient.get('/inventory/summary', { query: { centreId }, signal })),
  /** GET /inventory/low-stock: available ≤ min stock, lowest first. */
  lowStock: (centreId: number | undefined, signal?: AbortSignal) => readData<LowStockList>(apiClient.get('/inventory/low-stock', { query: { centreId }, signal })),
  /** GET /inventory/movements: the ledger, newest first. */
  movements: (query: MovementsQuery, signal?: AbortSignal) => readData<MovementPage>(apiClient.get('/inventory/movements', { query: { ...query }, signal })),
  /** POST /inventory/receive {centreId?, lines, note}: all lines or none (409 TRANSFER_INSUFFICIENT_STOCK). */
  receive: (input: ReceiveInput): Promise<Outcome<InventoryChange>> => readOutcome(apiClient.post('/inventory/receive', input)),
  /** POST /inventory/adjust {centreId?, productId, newOnHand, reason}: a stock-take to the counted quantity. */
  adjust: (input: AdjustInput): Promise<Outcome<InventoryChange>> => readOutcome(apiClient.post('/inventory/adjust', input)),
  /** PUT /inventory/:productId/min-stock {centreId?, minStock}. */
  setMinStock: (productId: number, input: MinStockInput): Promise<Outcome<InventoryChange>> => readOutcome(apiClient.put(`/inventory/${productId}/min-stock`, input)),

  /**
   * Products to pick: those the centre stocks matching `q` (GET /inventory?q=, with what it has), then the
   * catalogue's other active products (GET /search?q=), which a receive may bring in for the first time.
   */
  productOptions: async (q: string, centreId: number | undefined, signal?: AbortSignal): Promise<ProductOption[]> => {
    const [stocked, catalogue] = await Promise.all([
      inventoryApi.page({ centreId, q, page: 1, pageSize: PICK_LIMIT }, signal),
      readData<SearchResult>(apiClient.get('/search', { query: { q, limit: PICK_LIMIT }, signal })).catch(() => null),
    ]);
    const options: ProductOption[] = stocked.items.map((item) => ({ productId: item.productId, name: item.name, detail: item.sku, onHand: item.onHand }));
    const known = new Set(options.map((option) => option.productId));
    for (const hit of catalogue?.hits ?? []) {
      if (hit.type !== 'product' || known.has(hit.id)) continue;
      known.add(hit.id);
      options.push({ productId: hit.id, name: hit.title, detail: hit.subtitle, onHand: null });
    }
    return options;
  },
};

export type InventoryApi = typeof inventoryApi;
