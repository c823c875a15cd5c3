import type { Kysely } from 'kysely';
import { formatVietnamDateTime, formatVndPlain } from 'shared-contracts/schemas';
import type { Database } from '../../../db/schema';
import type { EmailContent } from '../emailTemplates';
import type { OrderFact } from '../templates/orderEmails';
import { notifyWithin, type NotifyInput } from './notify';

/**
 * The facts of a customer's own order, booking, car at the centre (a part to approve), car due for maintenance or
 * over a forecast's threshold, visit to rate (or rating moderated) and wished product cheaper or back that modules
 * hand to the centre in the transaction of the change (so its email, when email is the customer's channel, commits
 * with it): the centre alone words the notification, picks the channel and tells each fact once (its event
 * key). The bus does not tell these facts a second time.
 */

export function orderLink(code: string): string {
  return `/orders/${encodeURIComponent(code)}`;
}

const ORDER_FACTS: Record<OrderFact, { kind: NotifyInput['kind']; title: (code: string) => string; body: string; key: string }> = {
  confirmed: { kind: 'order_confirmed', title: (code) => `Đơn hàng ${code} đã được xác nhận`, body: 'Cửa hàng đang chuẩn bị hàng cho bạn.', key: 'confirmed' },
  shipped: { kind: 'order_shipped', title: (code) => `Đơn hàng ${code} đã giao cho đơn vị vận chuyển`, body: 'Đơn hàng đang trên đường đến bạn.', key: 'shipped' },
  ready_for_pickup: { kind: 'order_ready_for_pickup', title: (code) => `Đơn hàng ${code} đã sẵn sàng để nhận`, body: 'Mời bạn đến cửa hàng đã chọn để nhận hàng.', key: 'ready-for-pickup' },
  paid: { kind: 'payment_received', title: (code) => `Đã nhận thanh toán đơn hàng ${code}`, body: 'Cảm ơn bạn, cửa hàng đã nhận được tiền.', key: 'paid' },
  refunded: { kind: 'order_refunded', title: (code) => `Đơn hàng ${code} đã được hoàn tiền`, body: 'Tiền đã được hoàn lại theo phương thức bạn đã thanh toán.', key: 'refunded' },
  placed: { kind: 'order_placed', title: (code) => `Đã nhận đơn hàng ${code}`, body: 'Cảm ơn bạn đã đặt hàng tại EV Service. Chi tiết và cách thanh toán có trong trang đơn hàng.', key: 'placed' },
  completed: { kind: 'order_completed', title: (code) => `Đơn hàng ${code} đã hoàn thành`, body: 'Cảm ơn bạn đã mua hàng tại EV Service.', key: 'completed' },
  cancelled: { kind: 'order_cancelled', title: (code) => `Đơn hàng ${code} đã bị hủy`, body: 'Lý do và chi tiết có trong trang đơn hàng.', key: 'cancelled' },
};

/** One fact of a shop order as its owner's notification (`email`: the order email the centre sends by email). */
export function orderFactNotification(userId: number, code: string, fact: OrderFact, email?: EmailContent): NotifyInput {
  const wording = ORDER_FACTS[fact];
  return { userId, kind: wording.kind, title: wording.title(code), body: wording.body, link: orderLink(code), eventKey: `order:${code}:${wording.key}`, ...(email ? { email } : {}) };
}

/** Tells the order's owner its facts, inside the transaction of the change (a fact told before is not told again). */
export async function tellOrderFacts(trx: Kysely<Database>, now: Date, userId: number, code: string, facts: ReadonlyArray<{ fact: OrderFact; email?: EmailContent }>): Promise<void> {
  await notifyWithin(
    trx,
    facts.map(({ fact, email }) => orderFactNotification(userId, code, fact, email)),
    now,
  );
}

/** What a booking's notification says of it. */
export interface BookingFactSubject {
  id: number;
  code: string;
  /** ISO start. */
  start: string;
  plate: string;
  centre: string;
}

export type BookingFact = { fact: 'booked'; templateData?: Readonly<Record<string, string>> } | { fact: 'rescheduled' } | { fact: 'cancelled' };

/** One fact of a customer's booking as their notification (`email`: the booking email the centre sends by email). */
export function bookingFactNotification(userId: number, appointment: BookingFactSubject, fact: BookingFact, email?: EmailContent): NotifyInput {
  const when = formatVietnamDateTime(new Date(appointment.start));
  const withEmail = email ? { email } : {};
  switch (fact.fact) {
    case 'booked':
      return {
        userId,
        kind: 'booking_confirmed',
        title: `Đã đặt lịch hẹn ${appointment.code}`,
        body: `Xe ${appointment.plate}, ${when} tại ${appointment.centre}.`,
        link: '/dashboard',
        eventKey: `appointment:${appointment.id}:booked`,
        ...(fact.templateData ? { templateData: fact.templateData } : {}),
        ...withEmail,
      };
    case 'rescheduled':
      return { userId, kind: 'booking_rescheduled', title: `Lịch hẹn ${appointment.code} đã được đổi`, body: `Lịch mới: ${when} tại ${appointment.centre}.`, link: '/dashboard', eventKey: `appointment:${appointment.id}:rescheduled:${appointment.start}`, ...withEmail };
    case 'cancelled':
      return {
        userId,
        kind: 'booking_cancelled',
        title: `Lịch hẹn ${appointment.code} đã bị hủy`,
        body: `Lịch hẹn xe ${appointment.plate} lúc ${when} tại ${appointment.centre} đã được hủy.`,
        link: '/dashboard',
        eventKey: `appointment:${appointment.id}:CANCELLED`,
        ...withEmail,
      };
  }
}

/** Tells the booking's owner a fact inside the transaction of the change. */
export async function tellBookingFact(trx: Kysely<Database>, now: Date, userId: number, appointment: BookingFactSubject, fact: BookingFact, email?: EmailContent): Promise<void> {
  await notifyWithin(trx, bookingFactNotification(userId, appointment, fact, email), now);
}

/** What the centre's request for the customer's yes names: the order's car and centre, and the request sent. */
export interface ApprovalSubject {
  serviceOrderId: number;
  /** The parts request sent to the customer: a later one is a new notification. */
  requestId: number;
  plate: string;
  centre: string;
  /** The order's requests waiting for the customer, this one included. */
  pendingApprovals: number;
}

/** Extra work waiting for the customer's yes as their notification (`email`: the approval email, sent by email). */
export function approvalNeededNotification(userId: number, subject: ApprovalSubject, email?: EmailContent): NotifyInput {
  return {
    userId,
    kind: 'approval_needed',
    title: `Xe ${subject.plate}: cần bạn duyệt thêm hạng mục`,
    body: `${subject.centre} đề xuất ${subject.pendingApprovals} hạng mục cần bạn đồng ý trước khi làm.`,
    link: '/dashboard',
    eventKey: `service-order:${subject.serviceOrderId}:approval:${subject.requestId}`,
    ...(email ? { email } : {}),
  };
}

/** Asks the order's owner for their yes inside the transaction that sends them the request (once per request). */
export async function tellApprovalNeeded(trx: Kysely<Database>, now: Date, userId: number, subject: ApprovalSubject, email?: EmailContent): Promise<void> {
  await notifyWithin(trx, approvalNeededNotification(userId, subject, email), now);
}

/** What a maintenance reminder names: the car, its due point and the service to book. */
export interface MaintenanceDueSubject {
  vehicleId: number;
  plate: string;
  /** The due point (maintenance_reminders_sent.due_key): each is told once. */
  dueKey: string;
  serviceName: string;
  overdue: boolean;
  /** The site path of the booking form for this car and service. */
  bookingUrl: string;
}

/** A car's maintenance due soon (or overdue) as its owner's notification (`email`: the reminder email, sent by email). */
export function maintenanceDueNotification(userId: number, subject: MaintenanceDueSubject, email?: EmailContent): NotifyInput {
  return {
    userId,
    kind: 'booking_reminder',
    title: subject.overdue ? `Xe ${subject.plate} đã quá hạn bảo dưỡng` : `Xe ${subject.plate} sắp đến hạn bảo dưỡng`,
    body: `${subject.serviceName}: đặt lịch để trung tâm kiểm tra xe của bạn.`,
    link: subject.bookingUrl,
    eventKey: `reminder:${subject.vehicleId}:${subject.dueKey}`,
    ...(email ? { email } : {}),
  };
}

/** Reminds the car's owner of its maintenance inside the transaction that claims the due point. */
export async function tellMaintenanceDue(trx: Kysely<Database>, now: Date, userId: number, subject: MaintenanceDueSubject, email?: EmailContent): Promise<void> {
  await notifyWithin(trx, maintenanceDueNotification(userId, subject, email), now);
}

/** What a forecast reminder names: the car, the component that crossed the threshold and its crossing. */
export interface ForecastCrossingSubject {
  vehicleId: number;
  plate: string;
  /** The component's code and its Vietnamese label ('Má phanh'). */
  component: string;
  componentLabel: string;
  /** The crossing (forecast_reminders.id): a later crossing, after one cleared, is a new notification. */
  crossingId: number;
  /** Found faulty at the last inspection (else: likely to need attention within 3 months). */
  needsAttentionNow: boolean;
  /** The site path of the booking form for this car (and the component's service). */
  bookingUrl: string;
}

/** A component of the car over the forecast's threshold as its owner's notification (`email`: the forecast email). */
export function forecastCrossingNotification(userId: number, subject: ForecastCrossingSubject, email?: EmailContent): NotifyInput {
  return {
    userId,
    kind: 'forecast_reminder',
    title: subject.needsAttentionNow ? `Xe ${subject.plate}: ${subject.componentLabel} cần được kiểm tra ngay` : `Xe ${subject.plate}: ${subject.componentLabel} nên được kiểm tra trong 3 tháng tới`,
    body: subject.needsAttentionNow
      ? `Lần kiểm tra gần nhất phát hiện ${subject.componentLabel.toLocaleLowerCase('vi')} có vấn đề và chưa được khắc phục. Đặt lịch để trung tâm kiểm tra.`
      : `Dự đoán bảo dưỡng: khả năng cao ${subject.componentLabel.toLocaleLowerCase('vi')} cần kiểm tra trong 3 tháng tới. Đặt lịch để trung tâm kiểm tra.`,
    link: subject.bookingUrl,
    eventKey: `forecast:${subject.vehicleId}:${subject.component}:${subject.crossingId}`,
    ...(email ? { email } : {}),
  };
}

/** Reminds the car's owner of a component over the threshold inside the transaction that records the crossing. */
export async function tellForecastCrossing(trx: Kysely<Database>, now: Date, userId: number, subject: ForecastCrossingSubject, email?: EmailContent): Promise<void> {
  await notifyWithin(trx, forecastCrossingNotification(userId, subject, email), now);
}

/** What a service rating's notification names: the closed visit (service order) and its centre. */
export interface RatingSubject {
  serviceOrderId: number;
  serviceOrderCode: string;
  centre: string;
}

/** The request to rate a closed visit as its customer's notification (`email`: the request email). */
export function ratingRequestNotification(userId: number, subject: RatingSubject, email?: EmailContent): NotifyInput {
  return {
    userId,
    kind: 'service_rating_request',
    title: `Bạn thấy lượt dịch vụ ${subject.serviceOrderCode} thế nào?`,
    body: `Dành một phút đánh giá lượt dịch vụ tại ${subject.centre}: ý kiến của bạn giúp chúng tôi phục vụ tốt hơn.`,
    link: '/dashboard',
    eventKey: `service-order:${subject.serviceOrderId}:rating-request`,
    ...(email ? { email } : {}),
  };
}

/** Asks the customer to rate their visit inside the transaction that records the request (once per service order). */
export async function tellRatingRequested(trx: Kysely<Database>, now: Date, userId: number, subject: RatingSubject, email?: EmailContent): Promise<void> {
  await notifyWithin(trx, ratingRequestNotification(userId, subject, email), now);
}

/**
 * A manager hid (with the reason) or showed again the customer's rating, as their notification (`email`: the
 * moderation email). `moderationId` (service_rating_moderation.id): each change is told once.
 */
export function ratingModeratedNotification(userId: number, subject: Omit<RatingSubject, 'centre'> & { moderationId: number; hidden: boolean; reason: string | null }, email?: EmailContent): NotifyInput {
  return {
    userId,
    kind: 'service_rating_moderated',
    title: subject.hidden ? `Đánh giá phiếu ${subject.serviceOrderCode} đã được ẩn` : `Đánh giá phiếu ${subject.serviceOrderCode} đã hiển thị trở lại`,
    body: subject.hidden ? `Lý do: ${subject.reason ?? ''}` : 'Đánh giá của bạn đã hiển thị trở lại.',
    link: '/dashboard',
    eventKey: `service-rating-moderation:${subject.moderationId}`,
    ...(email ? { email } : {}),
  };
}

/** Tells the customer their rating was hidden or shown again, inside the transaction of the change. */
export async function tellRatingModerated(
  trx: Kysely<Database>,
  now: Date,
  userId: number,
  subject: Parameters<typeof ratingModeratedNotification>[1],
  email?: EmailContent,
): Promise<void> {
  await notifyWithin(trx, ratingModeratedNotification(userId, subject, email), now);
}

/** What a wishlist alert names: the wished product and the change the customer asked to hear of. */
export type WishlistAlertSubject = { productId: number; productName: string; slug: string } & (
  | { alert: 'price_drop'; oldPrice: number; newPrice: number }
  | { alert: 'back_in_stock'; price: number; /** When it was seen back (ISO): each return is told once. */ at: string }
);

/** A wished product cheaper, or back in stock, as the customer's notification (`email`: the wishlist email). */
export function wishlistAlertNotification(userId: number, subject: WishlistAlertSubject, email?: EmailContent): NotifyInput {
  const link = `/products/${encodeURIComponent(subject.slug)}`;
  const withEmail = email ? { email } : {};
  if (subject.alert === 'price_drop') {
    return {
      userId,
      kind: 'price_drop',
      title: `Giảm giá: ${subject.productName}`,
      body: `Sản phẩm trong danh sách yêu thích của bạn còn ${formatVndPlain(subject.newPrice)} (trước ${formatVndPlain(subject.oldPrice)}).`,
      link,
      eventKey: `wishlist:${subject.productId}:price:${subject.newPrice}`,
      ...withEmail,
    };
  }
  return {
    userId,
    kind: 'back_in_stock',
    title: `Đã có hàng: ${subject.productName}`,
    body: `Sản phẩm trong danh sách yêu thích của bạn đã có hàng trở lại, giá ${formatVndPlain(subject.price)}.`,
    link,
    eventKey: `wishlist:${subject.productId}:in-stock:${subject.at}`,
    ...withEmail,
  };
}

/** Tells the customer of a wished product's change inside the transaction that records it as told. */
export async function tellWishlistAlert(trx: Kysely<Database>, now: Date, userId: number, subject: WishlistAlertSubject, email?: EmailContent): Promise<void> {
  await notifyWithin(trx, wishlistAlertNotification(userId, subject, email), now);
}

/** What a refund of a service invoice names: the invoice, the refund (each is its own fact) and the amount. */
export interface InvoiceRefundSubject {
  invoiceId: number;
  /** The invoice's code (HD…). */
  code: string;
  /** The ledger's payment_refunds row: a second refund of the same invoice is a second notification. */
  refundId: number;
  amount: number;
  /** Whether the invoice has now been given back in full. */
  full: boolean;
}

/** A refund of the customer's service invoice (the ledger's sale.refunded) as their notification. */
export function invoiceRefundedNotification(userId: number, subject: InvoiceRefundSubject): NotifyInput {
  const amount = formatVndPlain(subject.amount);
  return {
    userId,
    kind: 'invoice_refunded',
    title: `Đã hoàn ${amount} cho hoá đơn ${subject.code}`,
    body: subject.full
      ? `Trung tâm đã hoàn toàn bộ tiền của hoá đơn ${subject.code}. Tiền sẽ về theo hình thức đã thoả thuận với trung tâm.`
      : `Trung tâm đã hoàn ${amount} của hoá đơn ${subject.code}. Tiền sẽ về theo hình thức đã thoả thuận với trung tâm.`,
    link: '/maintenance-history',
    eventKey: `service-invoice:${subject.invoiceId}:refund:${subject.refundId}`,
  };
}

/** Tells the invoice's customer of a refund inside the transaction that records it (once per refund). */
export async function tellInvoiceRefunded(trx: Kysely<Database>, now: Date, userId: number, subject: InvoiceRefundSubject): Promise<void> {
  await notifyWithin(trx, invoiceRefundedNotification(userId, subject), now);
}
