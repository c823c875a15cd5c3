/** The stock locations and goods receipts as the API answers them (GET /inventory/locations, /goods-receipts). */

export type StockLocationKind = 'SERVICE_CENTRE' | 'WAREHOUSE';

export interface StockLocation {
  id: number;
  name: string;
  kind: StockLocationKind;
  shipsOnline: boolean;
}

export interface ProductStockAtLocation {
  centreId: number;
  name: string;
  kind: StockLocationKind;
  shipsOnline: boolean;
  onHand: number;
  reserved: number;
  available: number;
  minStock: number;
}

export interface ProductStock {
  productId: number;
  sku: string;
  productName: string;
  locations: ProductStockAtLocation[];
  totals: { onHand: number; reserved: number; available: number };
}

export interface GoodsReceiptLineInput {
  productId: number;
  quantity: number;
  unitCost: number;
}

export interface GoodsReceiptInput {
  centreId?: number;
  supplier: string;
  reference?: string | null;
  note?: string | null;
  lines: GoodsReceiptLineInput[];
}

export interface GoodsReceiptLine extends GoodsReceiptLineInput {
  sku: string;
  productName: string;
  lineCost: number;
}

export interface GoodsReceipt {
  id: number;
  centreId: number;
  centreName: string;
  supplier: string;
  reference: string | null;
  note: string | null;
  receivedAt: string;
  receivedBy: { id: number; name: string } | null;
  lines: GoodsReceiptLine[];
  totalQuantity: number;
  totalCost: number;
}

export interface GoodsReceiptPage {
  items: GoodsReceipt[];
  page: number;
  pageSize: number;
  total: number;
}
