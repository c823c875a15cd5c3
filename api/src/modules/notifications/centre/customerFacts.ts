import type { Kysely } from 'kysely';
import { formatVietnamDateTime } from 'shared-contracts/schemas';
import type { Database } from '../../../db/schema';
import type { EmailContent } from '../emailTemplates';
import type { OrderFact } from '../templates/orderEmails';
import { notifyWithin, type NotifyInput } from './notify';

/**
 * The facts of a customer's own order or booking that modules hand to the centre in the transaction of the change
 * (so its email, when email is the customer's channel, commits with it): the centre alone words the notification,
 * picks the channel and tells each fact once (its event key). The bus no longer tells these facts a second time.
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
