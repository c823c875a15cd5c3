import type { Order, PendingServiceRating, ProductReview, ReviewableLine, ServiceRating } from 'shared-contracts/schemas';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An instant `days` from now (negative: in the past). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

export function productReview(overrides: Partial<ProductReview> = {}): ProductReview {
  return {
    id: 77,
    productId: 1,
    rating: 5,
    text: 'Pin khỏe, đi được xa hơn hẳn.',
    photos: [],
    authorName: 'Khách N.',
    verifiedPurchase: true,
    createdAt: daysFromNow(-2),
    editedAt: null,
    helpfulCount: 0,
    votedHelpful: false,
    mine: true,
    reply: null,
    ...overrides,
  };
}

export function reviewableLine(overrides: Partial<ReviewableLine> = {}): ReviewableLine {
  return {
    orderLineId: 501,
    orderId: 40,
    orderCode: 'EV2611200003',
    productId: 1,
    productSlug: 'pin-lithium-48v-20ah',
    productName: 'Pin lithium 48V 20Ah',
    image: '/api/media/catalogue/products/pin.svg',
    receivedAt: '2026-11-21T03:00:00.000Z',
    review: null,
    editableUntil: null,
    ...overrides,
  };
}

/** A delivered order of two parts and a package. */
export function deliveredOrder(overrides: Partial<Order> = {}): Order {
  return {
    code: 'EV2611200003',
    status: 'DELIVERED',
    statusLabel: 'Đã giao hàng',
    paymentMethod: 'COD',
    paymentStatus: 'PAID',
    paymentStatusLabel: 'Đã thanh toán',
    lines: [
      { kind: 'product', refId: 1, slug: 'pin-lithium-48v-20ah', name: 'Pin lithium 48V 20Ah', image: '/api/media/catalogue/products/pin.svg', unitPrice: 8_900_000, quantity: 1, lineTotal: 8_900_000 },
      { kind: 'product', refId: 7, slug: 'cap-sac-type-2', name: 'Cáp sạc Type 2', image: null, unitPrice: 1_250_000, quantity: 1, lineTotal: 1_250_000 },
      { kind: 'package', refId: 2, slug: 'tieu-chuan', name: 'Gói tiêu chuẩn', image: null, unitPrice: 1_000_000, quantity: 1, lineTotal: 1_000_000 },
    ],
    subtotal: 11_150_000,
    discount: 0,
    shippingFee: 0,
    total: 11_150_000,
    promotionCode: null,
    recipientName: 'Nguyễn Minh Anh',
    phone: '0912345678',
    fulfilment: { method: 'delivery', address: { street: '12 Trần Duy Hưng', ward: 'Trung Hòa', province: 'Hà Nội' }, centre: null },
    note: null,
    history: [{ status: 'DELIVERED', statusLabel: 'Đã giao hàng', paymentStatus: 'PAID', note: null, at: '2026-11-21T03:00:00.000Z' }],
    vietQr: null,
    canCancel: false,
    createdAt: '2026-11-18T03:15:00.000Z',
    updatedAt: '2026-11-21T03:00:00.000Z',
    ...overrides,
  } as Order;
}

export function pendingVisit(overrides: Partial<PendingServiceRating> = {}): PendingServiceRating {
  return {
    serviceOrderId: 7,
    serviceOrderCode: 'PDV261124K7QZ',
    centreName: 'EV Service Cầu Giấy',
    vehicleLabel: 'VinFast Klara S',
    licensePlate: '29MĐ1-234.56',
    technicianName: 'Lê Văn Kỹ',
    closedAt: '2026-11-24T09:30:00.000Z', // 24/11/2026 in Hà Nội
    maintenanceRecordId: 11,
    ...overrides,
  };
}

export function serviceRating(overrides: Partial<ServiceRating> = {}): ServiceRating {
  return {
    id: 900,
    serviceOrderId: 7,
    serviceOrderCode: 'PDV261124K7QZ',
    centre: { id: 2, name: 'EV Service Cầu Giấy' },
    technician: { id: 15, fullName: 'Lê Văn Kỹ' },
    stars: 5,
    onTime: true,
    explainedClearly: null,
    carClean: false,
    technicianStars: 4,
    comment: '',
    createdAt: daysFromNow(-1),
    updatedAt: daysFromNow(-1),
    editableUntil: daysFromNow(6),
    hidden: false,
    maintenanceRecordId: 11,
    ...overrides,
  };
}
