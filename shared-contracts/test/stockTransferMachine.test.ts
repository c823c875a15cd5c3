import {
  STOCK_TRANSFER_ACTIONS,
  STOCK_TRANSFER_STATUSES,
  STOCK_TRANSFER_STATUS_LABELS,
  STOCK_TRANSFER_TRANSITIONS,
  canCreateStockTransfer,
  canRequestStockTransfer,
  canTakeStockTransferAction,
  mayTakeStockTransferAction,
  stockTransferActions,
  type NewStockTransferFacts,
  type StockTransferCaller,
} from '../src/backoffice/stockTransferMachine';
import { stockTransferDeclineInputSchema, stockTransferSchema } from '../src/schemas/stockTransfers';

/** Locations: 1 Cầu Giấy, 2 Long Biên (service centres), 9 the online warehouse. */
const CAU_GIAY = 1;
const LONG_BIEN = 2;
const WAREHOUSE = 9;

const admin: StockTransferCaller = { role: 'admin', centreId: null };
const managerCauGiay: StockTransferCaller = { role: 'manager', centreId: CAU_GIAY };
const managerLongBien: StockTransferCaller = { role: 'manager', centreId: LONG_BIEN };
const staffCauGiay: StockTransferCaller = { role: 'staff', centreId: CAU_GIAY };
const managerNowhere: StockTransferCaller = { role: 'manager', centreId: null };

const between = (from: number, to: number): NewStockTransferFacts => ({
  fromLocationId: from,
  toLocationId: to,
  fromKind: from === WAREHOUSE ? 'WAREHOUSE' : 'SERVICE_CENTRE',
});

describe('stock transfer machine: who creates, who requests (issue 44 §3)', () => {
  it('lets an admin create any pair of two places', () => {
    expect(canCreateStockTransfer(admin, between(LONG_BIEN, CAU_GIAY))).toBe(true);
    expect(canCreateStockTransfer(admin, between(WAREHOUSE, LONG_BIEN))).toBe(true);
    expect(canCreateStockTransfer(admin, between(CAU_GIAY, CAU_GIAY))).toBe(false);
  });

  it('lets the source’s manager create, and a manager pull from a warehouse into their own centre', () => {
    expect(canCreateStockTransfer(managerCauGiay, between(CAU_GIAY, LONG_BIEN))).toBe(true);
    expect(canCreateStockTransfer(managerCauGiay, between(CAU_GIAY, WAREHOUSE))).toBe(true);
    expect(canCreateStockTransfer(managerCauGiay, between(WAREHOUSE, CAU_GIAY))).toBe(true);
    expect(canCreateStockTransfer(managerCauGiay, between(WAREHOUSE, LONG_BIEN))).toBe(false);
  });

  it('never lets a manager take another service centre’s units: the attack of issue 44 §3', () => {
    // a Cầu Giấy manager creating a transfer FROM Long Biên to Cầu Giấy
    expect(canCreateStockTransfer(managerCauGiay, between(LONG_BIEN, CAU_GIAY))).toBe(false);
    // the source's kind decides, not the ids: a service centre named as the "warehouse" does not count
    expect(canCreateStockTransfer(managerCauGiay, { fromLocationId: LONG_BIEN, toLocationId: CAU_GIAY, fromKind: 'SERVICE_CENTRE' })).toBe(false);
    expect(canCreateStockTransfer(managerCauGiay, { fromLocationId: LONG_BIEN, toLocationId: CAU_GIAY, fromKind: 'WAREHOUSE' })).toBe(true);
    for (const caller of [staffCauGiay, managerNowhere, { role: 'technician', centreId: CAU_GIAY }, { role: 'customer', centreId: null }]) {
      expect(canCreateStockTransfer(caller, between(CAU_GIAY, LONG_BIEN))).toBe(false);
      expect(canCreateStockTransfer(caller, between(WAREHOUSE, CAU_GIAY))).toBe(false);
    }
  });

  it('lets the destination’s manager request what they may not create, and no one else', () => {
    expect(canRequestStockTransfer(managerCauGiay, between(LONG_BIEN, CAU_GIAY))).toBe(true);
    // they may create these: no request
    expect(canRequestStockTransfer(managerCauGiay, between(WAREHOUSE, CAU_GIAY))).toBe(false);
    expect(canRequestStockTransfer(managerCauGiay, between(CAU_GIAY, LONG_BIEN))).toBe(false);
    expect(canRequestStockTransfer(admin, between(LONG_BIEN, CAU_GIAY))).toBe(false);
    // not the destination
    expect(canRequestStockTransfer(managerCauGiay, between(LONG_BIEN, WAREHOUSE))).toBe(false);
    expect(canRequestStockTransfer(staffCauGiay, between(LONG_BIEN, CAU_GIAY))).toBe(false);
    expect(canRequestStockTransfer(managerNowhere, between(LONG_BIEN, CAU_GIAY))).toBe(false);
    expect(canRequestStockTransfer(managerCauGiay, between(CAU_GIAY, CAU_GIAY))).toBe(false);
  });
});

describe('stock transfer machine: the statuses and actions', () => {
  it('labels every status in Vietnamese and gives every action one transition', () => {
    expect(STOCK_TRANSFER_STATUSES).toEqual(['REQUESTED', 'IN_TRANSIT', 'RECEIVED', 'CANCELLED', 'DECLINED']);
    expect(STOCK_TRANSFER_STATUS_LABELS).toEqual({ REQUESTED: 'Chờ duyệt', IN_TRANSIT: 'Đang chuyển', RECEIVED: 'Đã nhận', CANCELLED: 'Đã hủy', DECLINED: 'Đã từ chối' });
    expect(Object.values(STOCK_TRANSFER_TRANSITIONS).map(({ action, from, to, label }) => [action, from, to, label])).toEqual([
      ['accept', ['REQUESTED'], 'IN_TRANSIT', 'Duyệt'],
      ['decline', ['REQUESTED'], 'DECLINED', 'Từ chối'],
      ['withdraw', ['REQUESTED'], 'CANCELLED', 'Rút yêu cầu'],
      ['receive', ['IN_TRANSIT'], 'RECEIVED', 'Đã nhận hàng'],
      ['cancel', ['IN_TRANSIT'], 'CANCELLED', 'Hủy chuyển'],
    ]);
    expect(Object.keys(STOCK_TRANSFER_TRANSITIONS)).toEqual([...STOCK_TRANSFER_ACTIONS]);
  });

  it('answers each caller’s buttons on a request from Long Biên to Cầu Giấy', () => {
    const request = { status: 'REQUESTED' as const, fromLocationId: LONG_BIEN, toLocationId: CAU_GIAY };
    expect(stockTransferActions(managerLongBien, request)).toEqual(['accept', 'decline']);
    expect(stockTransferActions(managerCauGiay, request)).toEqual(['withdraw']);
    expect(stockTransferActions(admin, request)).toEqual(['accept', 'decline', 'withdraw']);
    expect(stockTransferActions(staffCauGiay, request)).toEqual([]);
    expect(stockTransferActions({ role: 'staff', centreId: LONG_BIEN }, request)).toEqual([]);
  });

  it('keeps receive and cancel of a transfer in transit as they were', () => {
    const inTransit = { status: 'IN_TRANSIT' as const, fromLocationId: LONG_BIEN, toLocationId: CAU_GIAY };
    expect(stockTransferActions(managerLongBien, inTransit)).toEqual(['cancel']);
    expect(stockTransferActions(managerCauGiay, inTransit)).toEqual(['receive']);
    expect(stockTransferActions(staffCauGiay, inTransit)).toEqual(['receive']);
    expect(stockTransferActions(admin, inTransit)).toEqual(['receive', 'cancel']);
    for (const status of ['RECEIVED', 'CANCELLED', 'DECLINED'] as const) {
      expect(stockTransferActions(admin, { ...inTransit, status })).toEqual([]);
    }
  });

  it('separates who may (403 otherwise) from whether the status still allows it (409 otherwise)', () => {
    const places = { fromLocationId: LONG_BIEN, toLocationId: CAU_GIAY };
    expect(mayTakeStockTransferAction(managerLongBien, places, 'accept')).toBe(true);
    expect(canTakeStockTransferAction(managerLongBien, { ...places, status: 'IN_TRANSIT' }, 'accept')).toBe(false);
    expect(mayTakeStockTransferAction(managerCauGiay, places, 'accept')).toBe(false);
    expect(mayTakeStockTransferAction(managerCauGiay, places, 'withdraw')).toBe(true);
    expect(mayTakeStockTransferAction(staffCauGiay, places, 'withdraw')).toBe(false);
    expect(mayTakeStockTransferAction(staffCauGiay, places, 'receive')).toBe(true);
    expect(mayTakeStockTransferAction({ role: 'staff', centreId: LONG_BIEN }, places, 'decline')).toBe(false);
  });
});

describe('stock transfer request schemas', () => {
  it('trims the reason of a decline, empty as none, 300 characters at most', () => {
    expect(stockTransferDeclineInputSchema.parse({ version: 2, reason: '  Hết hàng  ' })).toEqual({ version: 2, reason: 'Hết hàng' });
    expect(stockTransferDeclineInputSchema.parse({ version: 2, reason: '   ' })).toEqual({ version: 2, reason: null });
    expect(stockTransferDeclineInputSchema.parse({ version: 0 })).toEqual({ version: 0, reason: null });
    expect(stockTransferDeclineInputSchema.safeParse({ version: 0, reason: 'x'.repeat(301) }).success).toBe(false);
    expect(stockTransferDeclineInputSchema.safeParse({ reason: 'x' }).success).toBe(false);
  });

  it('describes a request’s answer on the transfer', () => {
    const transfer = {
      id: 7,
      status: 'DECLINED',
      statusLabel: 'Đã từ chối',
      from: { id: LONG_BIEN, name: 'EV Service Long Biên' },
      to: { id: CAU_GIAY, name: 'EV Service Cầu Giấy' },
      note: null,
      lines: [{ productId: 3, sku: 'BRK-1', name: 'Má phanh', quantity: 2 }],
      createdBy: { id: 4, fullName: 'Quản Lý Cầu Giấy' },
      createdAt: '2026-11-22T02:30:00.000Z',
      requested: true,
      decidedBy: { id: 5, fullName: 'Quản Lý Long Biên' },
      decidedAt: '2026-11-22T03:00:00.000Z',
      declineReason: 'Đang giữ cho đơn sửa chữa',
      closedBy: { id: 5, fullName: 'Quản Lý Long Biên' },
      closedAt: '2026-11-22T03:00:00.000Z',
      version: 1,
      actions: [],
    };
    expect(stockTransferSchema.parse(transfer)).toEqual(transfer);
    expect(stockTransferSchema.safeParse({ ...transfer, actions: ['approve'] }).success).toBe(false);
  });
});
