import type { InventoryItem, InventoryPage, InventorySummary, StockMovement } from 'shared-contracts/schemas';
import type { GoodsReceipt, ProductStock, StockLocation } from '../src/inventory/stockTypes';

/** Centre inventory data as the API answers it (shared-contracts/schemas/inventory). */

export function inventoryItem(overrides: Partial<InventoryItem> = {}): InventoryItem {
  const onHand = overrides.onHand ?? 12;
  const reserved = overrides.reserved ?? 2;
  const minStock = overrides.minStock ?? 5;
  const unitPrice = overrides.unitPrice ?? 650_000;
  const available = onHand - reserved;
  return {
    productId: 9,
    sku: 'BRK-VF8-F',
    name: 'Má phanh trước VF 8',
    isActive: true,
    available,
    value: onHand * unitPrice,
    low: minStock > 0 && available <= minStock,
    updatedAt: '2026-11-22T02:30:00.000Z',
    ...overrides,
    onHand,
    reserved,
    minStock,
    unitPrice,
  };
}

export function inventoryPage(items: InventoryItem[], overrides: Partial<InventoryPage> = {}): InventoryPage {
  return { centreId: 1, items, total: items.length, page: 1, pageSize: 50, totalPages: 1, ...overrides };
}

export function inventorySummary(overrides: Partial<InventorySummary> = {}): InventorySummary {
  return { centreId: 1, products: 48, onHandUnits: 1_250, reservedUnits: 14, value: 182_500_000, lowCount: 7, ...overrides };
}

export function movement(overrides: Partial<StockMovement> = {}): StockMovement {
  return {
    id: 301,
    productId: 9,
    sku: 'BRK-VF8-F',
    productName: 'Má phanh trước VF 8',
    kind: 'RECEIVE',
    kindLabel: 'Nhập từ kho online',
    quantity: 10,
    onHandAfter: 12,
    partsRequestId: null,
    actor: { id: 4, fullName: 'Võ Quản Lý' },
    reason: 'Nhập bổ sung cuối tuần',
    createdAt: '2026-11-22T02:30:00.000Z',
    ...overrides,
  };
}

export const CENTRES = [
  { id: 1, slug: 'ha-noi', name: 'EV Service Hà Nội', city: 'Hà Nội', address: '1 Tràng Tiền', phone: '0241234567', email: 'hn@evshop.vn', openTime: '08:00', closeTime: '18:00', serviceBays: 4 },
  { id: 2, slug: 'da-nang', name: 'EV Service Đà Nẵng', city: 'Đà Nẵng', address: '2 Bạch Đằng', phone: '0236123456', email: 'dn@evshop.vn', openTime: '08:00', closeTime: '18:00', serviceBays: 3 },
];

/** The locations an admin sees: the online warehouse first, then the service centres. */
export const LOCATIONS: StockLocation[] = [
  { id: 8, name: 'Kho hàng online EV Service', kind: 'WAREHOUSE', shipsOnline: true, city: 'Hà Nội' },
  { id: 1, name: 'EV Service Hà Nội', kind: 'SERVICE_CENTRE', shipsOnline: false, city: 'Hà Nội' },
  { id: 2, name: 'EV Service Đà Nẵng', kind: 'SERVICE_CENTRE', shipsOnline: false, city: 'Đà Nẵng' },
];

export function productStock(overrides: Partial<ProductStock> = {}): ProductStock {
  return {
    productId: 77,
    sku: 'TEST-BRK-01',
    productName: 'Phanh đĩa thử nghiệm',
    locations: [
      { centreId: 8, name: 'Kho hàng online EV Service', kind: 'WAREHOUSE', shipsOnline: true, onHand: 1_005, reserved: 3, available: 1_002, minStock: 10 },
      { centreId: 1, name: 'EV Service Hà Nội', kind: 'SERVICE_CENTRE', shipsOnline: false, onHand: 4, reserved: 0, available: 4, minStock: 2 },
    ],
    totals: { onHand: 1_009, reserved: 3, available: 1_006 },
    ...overrides,
  };
}

export function goodsReceipt(overrides: Partial<GoodsReceipt> = {}): GoodsReceipt {
  return {
    id: 41,
    centreId: 8,
    centreName: 'Kho hàng online EV Service',
    supplier: 'Công ty Phụ tùng Sao Việt',
    reference: 'HD-0099',
    note: null,
    receivedAt: '2026-11-26T03:15:00.000Z',
    receivedBy: { id: 1, name: 'Chủ cửa hàng' },
    lines: [{ productId: 9, sku: 'BRK-VF8-F', productName: 'Má phanh trước VF 8', quantity: 5, unitCost: 400_000, lineCost: 2_000_000 }],
    totalQuantity: 5,
    totalCost: 2_000_000,
    ...overrides,
  };
}
