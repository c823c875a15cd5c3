/** The stock locations, goods receipts and one product's stock as the API answers them (shared-contracts). */
export type { GoodsReceipt, GoodsReceiptInput, GoodsReceiptPage, ProductStock, StockLocation } from 'shared-contracts/schemas';
