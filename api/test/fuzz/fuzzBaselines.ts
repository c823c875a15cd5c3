import { DEMO_PAYMENT_KEYS } from '../../src/config';

/**
 * A valid request per operation: the fuzz replaces one field at a time and keeps the rest valid, so a hostile
 * value gets past the other fields' validation and as far as the database. Resources (ids, codes) are real
 * rows of the seeded database, made or found by the suite's setup (FuzzFixtures).
 */

export interface FuzzFixtures {
  centreId: number;
  serviceId: number;
  productId: number;
  productSlug: string;
  promotionId: number;
  /** The demo customer's vehicle (read and updated). */
  vehicleId: number;
  /** Another vehicle of the demo customer, for DELETE. */
  disposableVehicleId: number;
  maintenanceRecordId: number;
  /** The demo customer's orders: one to cancel, one for staff status changes, one paid by VietQR. */
  cancellableOrderCode: string;
  staffOrderCode: string;
  vietQrOrderCode: string;
  /** The demo customer's appointments: one to cancel or reschedule, one for staff status changes. */
  appointmentId: number;
  staffAppointmentId: number;
  /** A guest's appointment awaiting its email code. */
  guestAppointmentCode: string;
  guestEmail: string;
  /** Free slots of the centre ('...+07:00'), and a date of its schedule. */
  bookingStart: string;
  rescheduleStart: string;
  availabilityDate: string;
  /** The back office, at the demo staff's centre: the demo customer (their record), the demo technician. */
  floorCentreId: number;
  customerId: number;
  technicianId: number;
  /** A confirmed appointment of the centre (check-in) and a service order of the demo technician with an item. */
  floorAppointmentId: number;
  serviceOrderId: number;
  serviceOrderVersion: number;
  checklistItemId: number;
  /** A parts request of the centre, and one waiting for the demo customer's answer. */
  partsRequestId: number;
  awaitingApprovalId: number;
  /** A part the centre stocks. */
  partProductId: number;
  /** A technician account made for the fuzz (role changes, disable/enable and assignments act on it). */
  staffMemberId: number;
  /** A shift of the demo technician at the floor centre (18/11/2026), and a finished time entry of theirs (15/11). */
  shiftId: number;
  timeEntryId: number;
}

export interface BaselineRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Valid bodies; a body field is fuzzed in the first body that holds it (else that holds its parent). */
  bodies?: unknown[];
  /** Headers of every request to the operation (called once per request). */
  headers?: () => Record<string, string>;
}

const UNKNOWN_EMAIL = 'khong.ton.tai@example.vn';
const NEW_PASSWORD = 'MatKhau@2027';

let idempotencyCounter = 0;

export function fuzzBaselines(f: FuzzFixtures): Record<string, BaselineRequest> {
  const productItem = { kind: 'product', refId: f.productId, quantity: 1 };
  const deliveryAddress = { province: 'Hà Nội', ward: 'Phường Cầu Giấy', street: '136 Trần Duy Hưng' };
  const scooter = { type: 'scooter', brand: 'VinFast', model: 'Klara S', licensePlate: '29MĐ1-123.45' };
  const vehicleBody = { ...scooter, year: 2024, vin: null, color: 'Đỏ', odometerKm: 1000, batteryCapacityKwh: 2.5, nickname: 'Xe đi làm' };
  const order = {
    items: [{ ...productItem, price: 100_000 }],
    promoCode: '',
    recipientName: 'Nguyễn Văn Khách',
    phone: '0912345678',
    paymentMethod: 'COD',
    note: 'Giao giờ hành chính',
    subtotal: 100_000,
    total: 100_000,
  };
  return {
    'GET /api/health': {},
    'GET /api/centres': {},
    'POST /api/auth/register': {
      bodies: [
        {
          fullName: 'Nguyễn Văn Khách',
          email: 'fuzz.dang.ky@example.vn',
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
          phoneNumber: '0912000111',
          dateOfBirth: '1994-08-15',
          gender: 'MALE',
          address: '12 Hàng Bài, phường Hoàn Kiếm, Hà Nội',
        },
      ],
    },
    'POST /api/auth/login': { bodies: [{ email: UNKNOWN_EMAIL, emailOrPhone: UNKNOWN_EMAIL, password: 'SaiMatKhau@1' }] },
    'POST /api/auth/refresh': { bodies: [{ refreshToken: 'khong-hop-le-0123456789' }] },
    // A token that is nobody's: without one, logout would end the fuzzing customer's own session.
    'POST /api/auth/logout': { bodies: [{ refreshToken: 'khong-hop-le-0123456789' }] },
    'POST /api/auth/verify-email': { bodies: [{ userId: '1', otpCode: '000000' }] },
    'POST /api/auth/resend-verification': { bodies: [{ email: UNKNOWN_EMAIL }] },
    'POST /api/auth/reset-password/request': { bodies: [{ email: UNKNOWN_EMAIL }] },
    'POST /api/auth/check-email': { bodies: [{ email: UNKNOWN_EMAIL }] },
    'POST /api/auth/check-phone': { bodies: [{ phoneNumber: '0912345678' }, { phone: '0912345678' }] },
    'POST /api/auth/reset-password/confirm': {
      bodies: [{ email: UNKNOWN_EMAIL, otpCode: '000000', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }],
    },
    'GET /api/auth/config': {},
    'POST /api/auth/login-google': { bodies: [{ token: 'khong-phai-jwt' }] },
    'POST /api/auth/google/exchange': { bodies: [{ code: 'ma-khong-hop-le' }] },
    'GET /api/auth/google': { query: { redirect: '/account' } },
    'GET /api/auth/google/callback': { query: { code: 'ma-xac-thuc', state: 'trang-thai', error: 'access_denied' } },
    'GET /api/auth/profile': {},
    'GET /api/customer/me': {},
    'PUT /api/auth/profile': {
      bodies: [
        {
          fullName: 'Nguyễn Văn Khách',
          phoneNumber: '0912345678',
          address: '12 Hàng Bài, phường Hoàn Kiếm, Hà Nội',
          dateOfBirth: '1994-08-15',
          gender: 'MALE',
          avatarUrl: 'https://example.vn/anh.png',
        },
      ],
    },
    // A wrong current password: the fuzz must not change the demo customer's password.
    'POST /api/auth/change-password': { bodies: [{ currentPassword: 'SaiMatKhau@1', newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }] },
    'GET /api/media/avatars/{name}': { params: { name: 'khong-co-anh.webp' } },
    'GET /api/dev/outbox': {},
    'GET /api/products': {
      query: { category: 'pin-bo-sac', brand: 'vinfast', minPrice: '0', maxPrice: '5000000', inStock: 'true', model: 'Klara', sort: 'popular', page: '1', pageSize: '24' },
    },
    'GET /api/products/{slug}': { params: { slug: f.productSlug } },
    'GET /api/categories': {},
    'GET /api/brands': {},
    'GET /api/services': {},
    'GET /api/packages': {},
    'GET /api/promotions': { query: { kind: 'general', type: 'flash-sale' } },
    'GET /api/me/saved-promotions': {},
    'POST /api/me/saved-promotions': { bodies: [{ promotionId: f.promotionId }] },
    'DELETE /api/me/saved-promotions/{promotionId}': { params: { promotionId: String(f.promotionId) } },
    'GET /api/search': { query: { q: 'pin', limit: '10' } },
    'POST /api/contact': {
      bodies: [{ name: 'Nguyễn Văn Khách', email: 'khach@example.vn', phone: '0912345678', subject: 'Hỏi giá pin', message: 'Cho tôi hỏi giá pin thay thế.\nCảm ơn.' }],
    },
    'GET /api/media/catalogue/{*}': { params: { '*': 'products/khong-co.svg' }, query: { v: 'abc123' } },
    'GET /api/cart': {},
    'DELETE /api/cart': {},
    'POST /api/cart/items': { bodies: [productItem] },
    'PUT /api/cart/items/{lineId}': { params: { lineId: `product-${f.productId}` }, bodies: [{ quantity: 2 }] },
    'DELETE /api/cart/items/{lineId}': { params: { lineId: `product-${f.productId}` } },
    'POST /api/cart/merge': { bodies: [{ items: [productItem] }] },
    'POST /api/cart/validate': { bodies: [{ items: [{ ...productItem, price: 100_000 }] }] },
    'GET /api/wishlist': {},
    'PUT /api/wishlist/items/{productId}': { params: { productId: String(f.productId) }, bodies: [{ notifyPriceDrop: true, notifyBackInStock: false }] },
    'DELETE /api/wishlist/items/{productId}': { params: { productId: String(f.productId) } },
    'POST /api/wishlist/merge': { bodies: [{ productIds: [f.productId] }] },
    'POST /api/checkout/quote': {
      bodies: [
        { items: [productItem], promoCode: 'FREESHIP', fulfilment: { method: 'pickup', centreId: f.centreId } },
        { items: [productItem], promoCode: 'FREESHIP', fulfilment: { method: 'delivery', province: 'Hà Nội' } },
      ],
    },
    'POST /api/orders': {
      bodies: [
        { ...order, fulfilment: { method: 'pickup', centreId: f.centreId } },
        { ...order, fulfilment: { method: 'delivery', address: deliveryAddress } },
      ],
      headers: () => ({ 'idempotency-key': `fuzz-key-${(idempotencyCounter += 1)}` }),
    },
    'GET /api/orders': {},
    'GET /api/orders/{code}': { params: { code: f.cancellableOrderCode } },
    'POST /api/orders/{code}/cancel': { params: { code: f.cancellableOrderCode }, bodies: [{ reason: 'Đặt nhầm sản phẩm' }] },
    // payOS: an order that awaits no transfer (409), so the fuzz never reaches payOS; the webhooks: SePay with its
    // key (past it, the body is what is fuzzed), payOS unsigned (zod first, then 401).
    'POST /api/orders/{code}/payos-link': { params: { code: f.staffOrderCode } },
    'POST /api/payments/sepay/webhook': {
      headers: () => ({ authorization: `Apikey ${DEMO_PAYMENT_KEYS.sepayWebhookKey}` }),
      bodies: [
        {
          id: 'fuzz-sepay-1',
          gateway: 'Vietcombank',
          transactionDate: '2026-11-19 08:00:00',
          accountNumber: '1023456789',
          code: null,
          content: 'Chuyển tiền EV2611190001',
          transferType: 'in',
          transferAmount: 100_000,
          accumulated: 0,
          subAccount: null,
          referenceCode: 'FT26323000001',
          description: 'BankAPINotify',
        },
      ],
    },
    'POST /api/payments/payos/webhook': {
      bodies: [
        {
          code: '00',
          desc: 'success',
          success: true,
          data: { orderCode: 1001, amount: 100_000, description: 'EV2611190001', accountNumber: '12345678', reference: 'FT1', transactionDateTime: '2026-11-19 08:00:00', currency: 'VND', paymentLinkId: 'x', code: '00', desc: 'Thành công' },
          signature: '0'.repeat(64),
        },
      ],
    },
    'GET /api/staff/web-orders': { query: { status: 'PLACED', q: 'EV', from: '2026-01-01', to: '2026-12-31', page: '1', pageSize: '20' } },
    'GET /api/staff/web-orders/{code}': { params: { code: f.staffOrderCode } },
    'POST /api/staff/web-orders/{code}/actions': { params: { code: f.staffOrderCode }, bodies: [{ action: 'confirm', version: 0, note: 'Đã gọi xác nhận' }] },
    'POST /api/staff/web-orders/{code}/transfers': { params: { code: f.vietQrOrderCode }, bodies: [{ amount: 1_000_000, bankReference: 'FT26112700123', transferredOn: '2026-11-20' }] },
    'POST /api/staff/web-orders/{code}/notes': { params: { code: f.staffOrderCode }, bodies: [{ text: 'Khách dặn gọi trước khi giao' }] },
    'GET /api/payment-exceptions': { query: { status: 'open', page: '1' } },
    'GET /api/payment-exceptions/{id}': { params: { id: '1' } },
    'POST /api/payment-exceptions/{id}/match': { params: { id: '1' }, bodies: [{ orderCode: 'EV2611190001', version: 1 }] },
    'POST /api/payment-exceptions/{id}/reinstate': { params: { id: '1' }, bodies: [{ version: 1 }] },
    'POST /api/payment-exceptions/{id}/refund': {
      params: { id: '1' },
      bodies: [{ amount: 10_000, method: 'BANK_TRANSFER', bankReference: 'FT26111900001', reason: 'Khách chuyển nhầm', version: 1 }],
    },
    'POST /api/payment-exceptions/{id}/dismiss': { params: { id: '1' }, bodies: [{ note: 'Chuyển khoản nội bộ', version: 1 }] },
    'GET /api/reconciliation': { query: { from: '2026-11-01', to: '2026-11-30' } },
    'GET /api/reconciliation.csv': { query: { from: '2026-11-01', to: '2026-11-30', view: 'transactions' } },
    'GET /api/me/package-credits': {},
    'GET /api/vehicles': {},
    'POST /api/vehicles': { bodies: [vehicleBody] },
    'GET /api/vehicles/{id}': { params: { id: String(f.vehicleId) } },
    'GET /api/vehicles/{id}/forecast': { params: { id: String(f.vehicleId) } },
    'POST /api/diagnostics': { bodies: [{ symptoms: ['BRAKE_NOISE'], text: 'Phanh kêu ken két khi bóp', vehicleId: f.vehicleId }] },
    'GET /api/admin/models': {},
    'POST /api/admin/models/train': {},
    'PUT /api/vehicles/{id}': {
      params: { id: String(f.vehicleId) },
      bodies: [{ ...vehicleBody, licensePlate: '29MĐ1-543.21', odometerKm: 150_000, odometerNote: 'Thay đồng hồ' }],
    },
    'DELETE /api/vehicles/{id}': { params: { id: String(f.disposableVehicleId) } },
    'GET /api/staff/plate-claims': { query: { status: 'PENDING' } },
    'POST /api/staff/plate-claims/{id}': { params: { id: '1' }, bodies: [{ decision: 'keep' }] },
    'GET /api/centres/{id}/availability': { params: { id: String(f.centreId) }, query: { date: f.availabilityDate, durationMinutes: '60' } },
    'POST /api/appointments': {
      bodies: [
        { vehicleId: f.vehicleId, serviceIds: [f.serviceId], centreId: f.centreId, start: f.bookingStart, note: 'Xe kêu ở phanh sau', symptoms: ['BRAKE_NOISE', 'VIBRATION'] },
        {
          vehicle: { ...scooter, licensePlate: '29MĐ1-678.90' },
          contact: { fullName: 'Trần Thị Khách', phone: '0987654321', email: 'khach.vang.lai@example.vn' },
          serviceIds: [f.serviceId],
          centreId: f.centreId,
          start: f.bookingStart,
          symptoms: ['NOT_CHARGING'],
        },
      ],
    },
    'GET /api/appointments': { query: { scope: 'all' } },
    'POST /api/appointments/{code}/verify': { params: { code: f.guestAppointmentCode }, bodies: [{ email: f.guestEmail, otpCode: '000000' }] },
    'GET /api/appointments/{id}': { params: { id: String(f.appointmentId) } },
    'POST /api/appointments/{id}/cancel': { params: { id: String(f.appointmentId) }, bodies: [{ reason: 'Bận việc đột xuất' }] },
    'POST /api/appointments/{id}/reschedule': { params: { id: String(f.appointmentId) }, bodies: [{ start: f.rescheduleStart, centreId: f.centreId }] },
    'PATCH /api/appointments/{id}/status': { params: { id: String(f.staffAppointmentId) }, bodies: [{ status: 'CONFIRMED', note: 'Đã gọi xác nhận' }] },
    'GET /api/maintenance-records': { query: { vehicleId: String(f.vehicleId) } },
    'GET /api/maintenance-records/{id}': { params: { id: String(f.maintenanceRecordId) } },
    ...backOfficeBaselines(f),
  };
}

/** The centre's floor, parts and inventory (issues 13 and 14), on the demo staff's centre and its seeded work. */
function backOfficeBaselines(f: FuzzFixtures): Record<string, BaselineRequest> {
  const order = { id: String(f.serviceOrderId) };
  const item = { id: String(f.serviceOrderId), itemId: String(f.checklistItemId) };
  const request = { id: String(f.partsRequestId) };
  const version = { version: f.serviceOrderVersion };
  const centre = { centreId: String(f.floorCentreId) };
  const contact = { fullName: 'Trần Thị Khách', phone: '0987654321', email: 'khach.quay@example.vn' };
  return {
    'GET /api/staff/appointments': { query: { date: f.availabilityDate, status: 'CONFIRMED', q: '29MĐ1' } },
    'POST /api/staff/appointments/walk-in': {
      bodies: [{ vehicle: { type: 'scooter', brand: 'VinFast', model: 'Klara S', licensePlate: '29MĐ1-246.80' }, contact, serviceIds: [f.serviceId], note: 'Khách đến quầy' }],
    },
    'GET /api/staff/customers': { query: { q: 'khách' } },
    'GET /api/staff/customers/{id}': { params: { id: String(f.customerId) } },
    'GET /api/staff/summary': {},
    'GET /api/staff/bays': {},
    'POST /api/staff/appointments/{id}/check-in': {
      params: { id: String(f.floorAppointmentId) },
      bodies: [{ odometerKm: 12_500, customerConcern: 'Phanh sau kêu', intakeNote: 'Xước cản trước', technicianId: f.technicianId, bayNo: 1 }],
    },
    'GET /api/service-orders/board': { query: { date: f.availabilityDate } },
    'GET /api/service-orders/{id}': { params: order },
    'PATCH /api/service-orders/{id}/assignment': { params: order, bodies: [{ ...version, technicianId: f.technicianId, bayNo: 2 }] },
    'POST /api/service-orders/{id}/start': { params: order, bodies: [version] },
    'POST /api/service-orders/{id}/finish': { params: order, bodies: [version] },
    'POST /api/service-orders/{id}/reopen': { params: order, bodies: [{ ...version, reason: 'Khách báo còn tiếng kêu' }] },
    'POST /api/service-orders/{id}/cancel': { params: order, bodies: [{ ...version, reason: 'Khách đổi ý không sửa' }] },
    'GET /api/staff/technicians': { query: centre },
    'GET /api/technician/queue': {},
    'POST /api/technician/clock/in': { bodies: [{ serviceOrderId: f.serviceOrderId, switch: true }] },
    'POST /api/technician/clock/out': {},
    'PUT /api/service-orders/{id}/checklist/{itemId}': { params: item, bodies: [{ result: 'FAIL', note: 'Má phanh mòn còn 1,5 mm' }] },
    'POST /api/service-orders/{id}/checklist/{itemId}/photos': { params: item },
    'DELETE /api/service-orders/{id}/checklist/{itemId}/photos/{photoId}': { params: { ...item, photoId: '1' } },
    'GET /api/service-orders/{id}/invoice-preview': { params: order },
    'POST /api/service-orders/{id}/invoice': { params: order },
    // Receipts and VAT invoices (api/src/modules/invoices).
    'GET /api/orders/{code}/receipt.pdf': { params: { code: f.staffOrderCode } },
    'GET /api/service-orders/{id}/invoice.pdf': { params: order },
    'GET /api/appointments/{id}/service-order/invoice.pdf': { params: { id: String(f.floorAppointmentId) } },
    'GET /api/orders/{code}/vat-invoice-request': { params: { code: f.staffOrderCode } },
    'POST /api/orders/{code}/vat-invoice-request': { params: { code: f.staffOrderCode }, bodies: [{ companyName: 'Công ty TNHH Xe Điện Sài Gòn', taxCode: '0314409058-002', address: '12 Lê Lợi, TP. Hồ Chí Minh', email: 'ketoan@xedien.vn' }] },
    'POST /api/service-orders/{id}/vat-invoice-request': { params: order, bodies: [{ companyName: 'Công ty TNHH Xe Điện Sài Gòn', taxCode: '0314409058-002', address: '12 Lê Lợi, TP. Hồ Chí Minh', email: 'ketoan@xedien.vn' }] },
    'GET /api/vat-invoice-requests': { query: { status: 'REQUESTED', orderCode: f.staffOrderCode } },
    'GET /api/vat-invoice-requests/{id}/xml': { params: { id: '1' } },
    'POST /api/service-orders/{id}/payment/confirm': { params: order, bodies: [{ method: 'CASH' }] },
    'GET /api/service-orders/{id}/invoice/refunds': { params: order },
    'POST /api/service-orders/{id}/invoice/refunds': {
      params: order,
      bodies: [{ amount: 1_000, method: 'BANK_TRANSFER', reference: 'FT26112900001', reason: 'Khách đổi ý, hoàn một phần' }],
    },
    'GET /api/appointments/{id}/service-order': { params: { id: String(f.floorAppointmentId) } },
    'GET /api/appointments/{id}/inspection': { params: { id: String(f.floorAppointmentId) } },
    'GET /api/media/checklist-photos/{name}': { params: { name: '0123456789abcdef0123456789abcdef.webp' } },
    'POST /api/technician/service-orders/{id}/parts-requests': {
      params: order,
      bodies: [{ productId: f.partProductId, quantity: 1, reason: 'Má phanh mòn quá giới hạn', checklistItemId: f.checklistItemId }],
    },
    'GET /api/technician/parts-requests': { query: { serviceOrderId: String(f.serviceOrderId) } },
    'GET /api/service-orders/{id}/parts': { params: order, query: { q: 'phanh', limit: '10' } },
    'GET /api/parts-requests/{id}': { params: request },
    'GET /api/staff/parts-requests': { query: { ...centre, status: 'REQUESTED' } },
    'POST /api/staff/parts-requests/{id}/decision': {
      params: request,
      bodies: [
        { action: 'reject', version: 1, reason: 'Không cần thay lúc này' },
        { action: 'sendToCustomer', version: 1 },
      ],
    },
    'POST /api/staff/parts-requests/{id}/customer-decision': { params: request, bodies: [{ version: 1, decision: 'approve', note: 'Khách đồng ý qua điện thoại lúc 9 giờ' }] },
    'POST /api/staff/parts-requests/{id}/withdraw': { params: request, bodies: [{ version: 1 }] },
    'POST /api/staff/parts-requests/{id}/reserve': { params: request, bodies: [{ version: 1 }] },
    'POST /api/staff/parts-requests/{id}/issue': { params: request, bodies: [{ version: 1 }] },
    'POST /api/staff/parts-requests/{id}/release': { params: request, bodies: [{ version: 1 }] },
    'POST /api/staff/parts-requests/{id}/return': { params: request, bodies: [{ version: 1, quantity: 1, reason: 'Lắp không vừa' }] },
    'GET /api/me/approvals': {},
    'POST /api/me/approvals/{requestId}': { params: { requestId: String(f.awaitingApprovalId) }, bodies: [{ decision: 'decline', reason: 'Để lần sau' }] },
    'GET /api/inventory': { query: { ...centre, q: 'phanh', lowOnly: 'true', page: '1', pageSize: '20' } },
    'GET /api/inventory/summary': { query: centre },
    'GET /api/inventory/low-stock': { query: centre },
    'GET /api/inventory/movements': { query: { ...centre, productId: String(f.partProductId), kind: 'ADJUST', from: '2026-11-01', to: '2026-11-30', page: '1' } },
    'GET /api/inventory/availability': { query: { ...centre, productIds: String(f.partProductId) } },
    'POST /api/inventory/receive': { bodies: [{ centreId: f.floorCentreId, lines: [{ productId: f.partProductId, quantity: 1 }], note: 'Nhập bổ sung' }] },
    'POST /api/inventory/adjust': { bodies: [{ centreId: f.floorCentreId, productId: f.partProductId, newOnHand: 40, reason: 'Kiểm kê cuối tháng' }] },
    'PUT /api/inventory/{productId}/min-stock': { params: { productId: String(f.partProductId) }, bodies: [{ centreId: f.floorCentreId, minStock: 2 }] },
    'GET /api/inventory/locations': {},
    'GET /api/inventory/products/{productId}/stock': { params: { productId: String(f.partProductId) } },
    'GET /api/inventory/goods-receipts': { query: { ...centre, page: '1', pageSize: '20' } },
    'GET /api/inventory/goods-receipts/{id}': { params: { id: '1' } },
    'POST /api/inventory/goods-receipts': {
      bodies: [{ centreId: f.floorCentreId, supplier: 'Công ty Phụ tùng Minh Phát', reference: 'HĐ-0042', note: 'Giao đủ', lines: [{ productId: f.partProductId, quantity: 2, unitCost: 150000 }] }],
    },
    'GET /api/stock-locations': {},
    'GET /api/inventory/transfers': { query: { centreId: String(f.floorCentreId), status: 'IN_TRANSIT', page: '1' } },
    'GET /api/kpis/centre': { query: { ...centre, from: '2026-10-20', to: '2026-11-19' } },
    'GET /api/manager/parts-demand': { query: { ...centre, days: '30' } },
    'GET /api/kpis/technician/me': { query: { from: '2026-11-13', to: '2026-11-19' } },
    'GET /api/reports/charts': { query: { ...centre, from: '2026-10-20', to: '2026-11-19' } },
    'GET /api/reports/{name}': { params: { name: 'service-orders' }, query: { ...centre, from: '2026-10-20', to: '2026-11-19' } },
    'GET /api/reports/{name}.csv': { params: { name: 'invoices' }, query: { ...centre, from: '2026-10-20', to: '2026-11-19' } },
    'GET /api/shifts': { query: { ...centre, weekStart: '2026-11-16' } },
    'PUT /api/shifts': { bodies: [{ technicianId: f.technicianId, workDate: '2026-11-21', startTime: '09:00', endTime: '16:00' }] },
    'DELETE /api/shifts/{id}': { params: { id: String(f.shiftId) } },
    'POST /api/shifts/copy-previous-week': { bodies: [{ centreId: f.floorCentreId, weekStart: '2026-11-23' }] },
    'GET /api/time-entries': { query: { ...centre, technicianId: String(f.technicianId), from: '2026-11-13', to: '2026-11-19' } },
    'PATCH /api/time-entries/{id}': {
      params: { id: String(f.timeEntryId) },
      bodies: [{ startedAt: '2026-11-15T03:00:00+07:00', endedAt: '2026-11-15T04:00:00+07:00', reason: 'Quên bấm giờ kết thúc' }],
    },
    'GET /api/admin/users': { query: { q: 'kỹ thuật', role: 'technician', page: '1', pageSize: '20' } },
    'POST /api/admin/users': {
      bodies: [{ fullName: 'Đặng Văn Mới', email: 'nhan.vien.moi@example.vn', phone: '0911222333', role: 'staff', centreId: f.floorCentreId }],
    },
    'PATCH /api/admin/users/{id}/role': { params: { id: String(f.staffMemberId) }, bodies: [{ role: 'staff' }] },
    'POST /api/admin/users/{id}/disable': { params: { id: String(f.staffMemberId) } },
    'POST /api/admin/users/{id}/enable': { params: { id: String(f.staffMemberId) } },
    'GET /api/admin/staff': { query: centre },
    'POST /api/admin/staff/{userId}/assignment': { params: { userId: String(f.staffMemberId) }, bodies: [{ centreId: f.floorCentreId }] },
    'DELETE /api/admin/staff/{userId}/assignment': { params: { userId: String(f.staffMemberId) } },
  };
}
