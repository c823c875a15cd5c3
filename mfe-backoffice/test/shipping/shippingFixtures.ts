import type { ShipmentEvent, ShipmentView, ShippingOption, WebOrderDetail } from 'shared-contracts/schemas';

/** Test data of the shipping desk, shaped as shared-contracts/schemas/shipping says. */

export const option = (overrides: Partial<ShippingOption> = {}): ShippingOption => ({
  carrier: 'GHN',
  carrierLabel: 'GHN (Giao Hàng Nhanh)',
  service: '2',
  serviceLabel: 'Chuẩn',
  fee: 32_000,
  expectedDelivery: '2026-11-21',
  cheapest: true,
  fastest: false,
  ...overrides,
});

export const OPTIONS: ShippingOption[] = [
  option(),
  option({ carrier: 'GHTK', carrierLabel: 'GHTK (Giao Hàng Tiết Kiệm)', service: 'fly', serviceLabel: 'Bay', fee: 45_000, expectedDelivery: '2026-11-20', cheapest: false, fastest: true }),
];

export const event = (status: ShipmentEvent['status'], statusLabel: string, at: string, note: string | null = null): ShipmentEvent => ({ status, statusLabel, at, note });

export function shipment(overrides: Partial<ShipmentView> = {}): ShipmentView {
  return {
    id: 41,
    orderId: 9,
    orderCode: 'EV2611190003',
    carrier: 'GHN',
    carrierLabel: 'GHN (Giao Hàng Nhanh)',
    service: '2',
    serviceLabel: 'Chuẩn',
    trackingCode: 'GHN5FQ2KX7',
    trackingUrl: 'https://donhang.ghn.vn/?order_code=GHN5FQ2KX7',
    status: 'READY_TO_PICK',
    statusLabel: 'Chờ lấy hàng',
    statusAt: '2026-11-19T03:05:00.000Z',
    fee: 32_000,
    codAmount: 930_000,
    insuredValue: 900_000,
    inspection: 'CHOXEMHANGKHONGTHU',
    handover: 'PICKUP',
    expectedDelivery: '2026-11-21',
    attempts: 0,
    canCancel: true,
    createdAt: '2026-11-19T03:05:00.000Z',
    events: [event('READY_TO_PICK', 'Chờ lấy hàng', '2026-11-19T03:05:00.000Z')],
    ...overrides,
  };
}

type DetailWithShipment = WebOrderDetail & { carrierShipment?: ShipmentView | null };

export function packedDetail(overrides: Partial<DetailWithShipment> = {}, order: Partial<WebOrderDetail['order']> = {}): DetailWithShipment {
  return {
    order: {
      code: 'EV2611190003',
      status: 'PACKED',
      statusLabel: 'Đã đóng gói',
      paymentMethod: 'COD',
      paymentStatus: 'UNPAID',
      paymentStatusLabel: 'Chưa thanh toán',
      lines: [{ kind: 'product', refId: 7, slug: 'ma-phanh', name: 'Má phanh trước VF 8', image: null, unitPrice: 450_000, quantity: 2, lineTotal: 900_000 }],
      subtotal: 900_000,
      discount: 0,
      shippingFee: 30_000,
      total: 930_000,
      promotionCode: null,
      recipientName: 'Nguyễn Thị Hằng',
      phone: '0933221100',
      fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cầu Giấy', street: '12 Trần Thái Tông' }, centre: null },
      note: null,
      history: [],
      vietQr: null,
      canCancel: true,
      createdAt: '2026-11-19T02:00:00.000Z',
      updatedAt: '2026-11-19T02:30:00.000Z',
      ...order,
    },
    version: 4,
    customer: { id: 3, fullName: 'Nguyễn Thị Hằng', email: 'hang@example.vn', phone: '0933221100' },
    deskCentre: { id: 1, name: 'EV Service Cầu Giấy', address: '1 Xuân Thủy' },
    payment: { amountReceived: 0, paidAt: null, bankReference: null, refundDue: null, records: [], refunds: [] },
    timeline: [],
    notes: [],
    shipment: null,
    refund: null,
    availableActions: ['ship', 'cancel'],
    packingSlip: { lines: [{ sku: 'MP-VF8-01', name: 'Má phanh trước VF 8', quantity: 2 }], qrImageDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' },
    carrierShipment: null,
    ...overrides,
  };
}
