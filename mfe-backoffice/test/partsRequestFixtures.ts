import { sessionStore, type Role } from 'shared-contracts';
import { availablePartsRequestActions, PARTS_REQUEST_STATUS_LABELS, type PartsRequestStatus } from 'shared-contracts/backoffice';
import type { PartsProduct, PartsRequest } from 'shared-contracts/schemas';

/** Parts requests as the API answers them (shared-contracts/schemas/partsRequests). */

export function partsRequest(overrides: Partial<PartsRequest> = {}, role: Role = 'staff'): PartsRequest {
  const status: PartsRequestStatus = overrides.status ?? 'REQUESTED';
  const issuedQty = overrides.issuedQty ?? 0;
  const returnedQty = overrides.returnedQty ?? 0;
  return {
    id: 41,
    serviceOrder: { id: 501, code: 'PDV2611OPEN', status: 'IN_PROGRESS', licensePlate: '30A-123.45', vehicleModel: 'VinFast VF 8', technicianName: 'Trần Minh Thợ' },
    product: { id: 9, sku: 'BRK-VF8-F', name: 'Má phanh trước VF 8' },
    quantity: 2,
    unitPrice: 650_000,
    lineTotal: 1_300_000,
    reason: 'Má phanh mòn dưới 2 mm',
    finding: { id: 1, code: 'brake', label: 'Kiểm tra phanh', result: 'FAIL', note: 'Má phanh mòn', photos: [] },
    statusLabel: PARTS_REQUEST_STATUS_LABELS[status],
    inScope: null,
    requestedBy: 'Trần Minh Thợ',
    requestedAt: '2026-11-22T02:30:00.000Z',
    decidedBy: null,
    decidedAt: null,
    declineReason: null,
    customerDecision: null,
    expiresAt: null,
    availability: { onHand: 5, reserved: 1, available: 4 },
    history: [{ at: '2026-11-22T02:30:00.000Z', label: 'Kỹ thuật viên yêu cầu phụ tùng', fromStatus: null, toStatus: 'REQUESTED', by: 'Trần Minh Thợ', note: null, quantity: null }],
    version: 3,
    // what the server computes for the caller (the same shared machine)
    availableActions: availablePartsRequestActions(status, role, { returnable: issuedQty - returnedQty }),
    ...overrides,
    status,
    issuedQty,
    returnedQty,
  };
}

export function partsProduct(overrides: Partial<PartsProduct> = {}): PartsProduct {
  return {
    id: 9,
    sku: 'BRK-VF8-F',
    name: 'Má phanh trước VF 8',
    price: 650_000,
    compatible: true,
    availability: { onHand: 5, reserved: 1, available: 4 },
    ...overrides,
  };
}

/** Signs a user of `role` in (the one session of the page); `signOut` after each test. */
export function signIn(role: Role) {
  sessionStore.save({
    token: 'test-token',
    refreshToken: null,
    user: { id: '3', fullName: 'Lê Thu Hà', email: `${role}@evshop.vn`, role, emailVerified: true, avatar: null },
  });
}

export const signOut = () => sessionStore.clear();
