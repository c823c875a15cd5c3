/**
 * The stock transfer (phiếu chuyển kho) between two stock locations — a service centre or the online warehouse
 * — defined once for the API (which enforces it) and the back office (which offers only what it allows).
 * zod-free, so the UI's chunks stay small.
 *
 * (create)     admin any pair; the source's manager; a manager pulling from a WAREHOUSE into their own centre
 *              → IN_TRANSIT (the units leave the source at once: TRANSFER_OUT)
 * (request)    the destination's manager who may not create it (the source is another service centre)
 *              → REQUESTED (nothing moves; the source decides)
 * REQUESTED    → IN_TRANSIT  accept   (admin; manager of the source): TRANSFER_OUT at the source, as creation
 *              → DECLINED    decline  (admin; manager of the source), with an optional reason
 *              → CANCELLED   withdraw (admin; manager of the destination, who asked)
 * IN_TRANSIT   → RECEIVED    receive  (admin; manager or staff of the destination): TRANSFER_IN at the destination
 *              → CANCELLED   cancel   (admin; manager of the source): TRANSFER_IN back at the source
 * RECEIVED, CANCELLED, DECLINED are final.
 */

export const STOCK_TRANSFER_STATUSES = ['REQUESTED', 'IN_TRANSIT', 'RECEIVED', 'CANCELLED', 'DECLINED'] as const;
export type StockTransferStatus = (typeof STOCK_TRANSFER_STATUSES)[number];

export const STOCK_TRANSFER_STATUS_LABELS: Record<StockTransferStatus, string> = {
  REQUESTED: 'Chờ duyệt',
  IN_TRANSIT: 'Đang chuyển',
  RECEIVED: 'Đã nhận',
  CANCELLED: 'Đã hủy',
  DECLINED: 'Đã từ chối',
};

export const STOCK_TRANSFER_ACTIONS = ['accept', 'decline', 'withdraw', 'receive', 'cancel'] as const;
export type StockTransferAction = (typeof STOCK_TRANSFER_ACTIONS)[number];

export interface StockTransferTransition {
  action: StockTransferAction;
  from: readonly StockTransferStatus[];
  to: StockTransferStatus;
  /** The button's label. */
  label: string;
}

export const STOCK_TRANSFER_TRANSITIONS: Record<StockTransferAction, StockTransferTransition> = {
  accept: { action: 'accept', from: ['REQUESTED'], to: 'IN_TRANSIT', label: 'Duyệt' },
  decline: { action: 'decline', from: ['REQUESTED'], to: 'DECLINED', label: 'Từ chối' },
  withdraw: { action: 'withdraw', from: ['REQUESTED'], to: 'CANCELLED', label: 'Rút yêu cầu' },
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

/** The most characters of the reason a request is declined with. */
export const STOCK_TRANSFER_DECLINE_REASON_MAX = 300;

/** Who acts on a transfer: the role and, but for an admin, the centre they work at. */
export interface StockTransferCaller {
  role: string;
  centreId: number | null;
}

/** The two ends of a transfer (or of one being written). */
export interface StockTransferPlaces {
  fromLocationId: number;
  toLocationId: number;
}

/** A transfer being written: its ends and what kind of location the source is (a manager may pull from a warehouse). */
export interface NewStockTransferFacts extends StockTransferPlaces {
  fromKind: StockLocationKind;
}

export interface StockTransferFacts extends StockTransferPlaces {
  status: StockTransferStatus;
}

const isManagerOf = (caller: StockTransferCaller, locationId: number) => caller.role === 'manager' && caller.centreId !== null && caller.centreId === locationId;

/**
 * Whether the caller may create the transfer (the units leave the source at once): an admin any pair; the source's
 * manager; a manager pulling from a warehouse into their own centre. Never a manager taking another centre's units.
 */
export function canCreateStockTransfer(caller: StockTransferCaller, facts: NewStockTransferFacts): boolean {
  if (facts.fromLocationId === facts.toLocationId) return false;
  if (caller.role === 'admin') return true;
  if (isManagerOf(caller, facts.fromLocationId)) return true;
  return facts.fromKind === 'WAREHOUSE' && isManagerOf(caller, facts.toLocationId);
}

/**
 * Whether the caller may ask for the transfer instead (REQUESTED, nothing moves until the source accepts): the
 * destination's manager, when they may not create it (the source is another service centre).
 */
export function canRequestStockTransfer(caller: StockTransferCaller, facts: NewStockTransferFacts): boolean {
  if (facts.fromLocationId === facts.toLocationId) return false;
  return isManagerOf(caller, facts.toLocationId) && !canCreateStockTransfer(caller, facts);
}

/**
 * Whether the caller is one who may take `action` on a transfer between these places, whatever its status (the
 * API answers 403 to the others and 409 to them when the status has moved on).
 */
export function mayTakeStockTransferAction(caller: StockTransferCaller, places: StockTransferPlaces, action: StockTransferAction): boolean {
  if (caller.role === 'admin') return true;
  switch (action) {
    case 'receive':
      return (caller.role === 'manager' || caller.role === 'staff') && caller.centreId === places.toLocationId;
    case 'withdraw':
      return isManagerOf(caller, places.toLocationId);
    case 'accept':
    case 'decline':
    case 'cancel':
      return isManagerOf(caller, places.fromLocationId);
  }
}

/** Whether the caller may take `action` on a transfer in its present status. */
export function canTakeStockTransferAction(caller: StockTransferCaller, transfer: StockTransferFacts, action: StockTransferAction): boolean {
  return STOCK_TRANSFER_TRANSITIONS[action].from.includes(transfer.status) && mayTakeStockTransferAction(caller, transfer, action);
}

/** The actions the caller may take on the transfer now (the buttons the back office shows). */
export function stockTransferActions(caller: StockTransferCaller, transfer: StockTransferFacts): StockTransferAction[] {
  return STOCK_TRANSFER_ACTIONS.filter((action) => canTakeStockTransferAction(caller, transfer, action));
}
