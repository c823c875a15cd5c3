/**
 * The stock transfer (phiếu chuyển kho) between two stock locations — a service centre or the online warehouse
 * — defined once for the API (which enforces it) and the back office (which offers only what it allows).
 * zod-free, so the UI's chunks stay small.
 *
 * (create)     admin any pair; manager when their centre is the source or the destination → IN_TRANSIT
 *              (the units leave the source at once: TRANSFER_OUT)
 * IN_TRANSIT   → RECEIVED    receive (admin; manager or staff of the destination): TRANSFER_IN at the destination
 *              → CANCELLED   cancel (admin; manager of the source): TRANSFER_IN back at the source
 * RECEIVED, CANCELLED are final.
 */

export const STOCK_TRANSFER_STATUSES = ['IN_TRANSIT', 'RECEIVED', 'CANCELLED'] as const;
export type StockTransferStatus = (typeof STOCK_TRANSFER_STATUSES)[number];

export const STOCK_TRANSFER_STATUS_LABELS: Record<StockTransferStatus, string> = {
  IN_TRANSIT: 'Đang chuyển',
  RECEIVED: 'Đã nhận',
  CANCELLED: 'Đã hủy',
};

export const STOCK_TRANSFER_ACTIONS = ['receive', 'cancel'] as const;
export type StockTransferAction = (typeof STOCK_TRANSFER_ACTIONS)[number];

export interface StockTransferTransition {
  action: StockTransferAction;
  from: readonly StockTransferStatus[];
  to: StockTransferStatus;
  /** The button's label. */
  label: string;
}

export const STOCK_TRANSFER_TRANSITIONS: Record<StockTransferAction, StockTransferTransition> = {
  receive: { action: 'receive', from: ['IN_TRANSIT'], to: 'RECEIVED', label: 'Đã nhận hàng' },
  cancel: { action: 'cancel', from: ['IN_TRANSIT'], to: 'CANCELLED', label: 'Hủy chuyển' },
};

/** Stock location kinds: a service centre (a shelf on the floor) or the online warehouse (ships web orders). */
export const STOCK_LOCATION_KINDS = ['SERVICE_CENTRE', 'WAREHOUSE'] as const;
export type StockLocationKind = (typeof STOCK_LOCATION_KINDS)[number];

/** Lines of one transfer. */
export const STOCK_TRANSFER_LINES_MAX = 50;
/** Units of one product per line. */
export const STOCK_TRANSFER_QUANTITY_MAX = 10_000;
/** The transfer's note. */
export const STOCK_TRANSFER_NOTE_MAX = 300;
/** Transfers per page of the list. */
export const STOCK_TRANSFER_PAGE_SIZE = 20;

/** Who acts on a transfer: the role and, but for an admin, the centre they work at. */
export interface StockTransferCaller {
  role: string;
  centreId: number | null;
}

interface TransferFacts {
  status: StockTransferStatus;
  fromLocationId: number;
  toLocationId: number;
}

/** Whether the caller may create a transfer from `fromLocationId` to `toLocationId`. */
export function canCreateStockTransfer(caller: StockTransferCaller, fromLocationId: number, toLocationId: number): boolean {
  if (caller.role === 'admin') return true;
  return caller.role === 'manager' && caller.centreId !== null && (caller.centreId === fromLocationId || caller.centreId === toLocationId);
}

/** Whether the caller may take `action` on a transfer in its present status. */
export function canTakeStockTransferAction(caller: StockTransferCaller, transfer: TransferFacts, action: StockTransferAction): boolean {
  if (!STOCK_TRANSFER_TRANSITIONS[action].from.includes(transfer.status)) return false;
  if (caller.role === 'admin') return true;
  if (action === 'receive') return (caller.role === 'manager' || caller.role === 'staff') && caller.centreId === transfer.toLocationId;
  return caller.role === 'manager' && caller.centreId === transfer.fromLocationId;
}

/** The actions the caller may take on the transfer now (the buttons the back office shows). */
export function stockTransferActions(caller: StockTransferCaller, transfer: TransferFacts): StockTransferAction[] {
  return STOCK_TRANSFER_ACTIONS.filter((action) => canTakeStockTransferAction(caller, transfer, action));
}
