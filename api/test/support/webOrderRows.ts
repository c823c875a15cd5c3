import type { Insertable } from 'kysely';
import type { Database } from '../../src/db/schema';

type OrderInsert = Insertable<Database['orders']>;

/** What differs between the web orders the tests write straight into `orders`. */
export type DeliveredWebOrder = Pick<
  OrderInsert,
  'code' | 'user_id' | 'status' | 'payment_method' | 'payment_status' | 'total' | 'street' | 'recipient_name' | 'phone' | 'idempotency_key' | 'request_hash' | 'cancel_reason' | 'paid_at' | 'created_at' | 'updated_at'
>;

/**
 * An `orders` row of a web order delivered in Phường Cầu Giấy, Hà Nội, at its full price (subtotal = total: no discount,
 * shipping fee or promotion), with no centre and no note (kpiFixture's web shop orders, the e-invoice crash test's sales).
 */
export function deliveredWebOrderRow(order: DeliveredWebOrder): OrderInsert {
  return {
    code: order.code,
    user_id: order.user_id,
    status: order.status,
    payment_method: order.payment_method,
    payment_status: order.payment_status,
    subtotal: order.total,
    discount: 0,
    shipping_fee: 0,
    shipping_discount: 0,
    total: order.total,
    promotion_id: null,
    promotion_code: null,
    fulfilment_method: 'delivery',
    province: 'Hà Nội',
    ward: 'Phường Cầu Giấy',
    street: order.street,
    centre_id: null,
    recipient_name: order.recipient_name,
    phone: order.phone,
    note: null,
    idempotency_key: order.idempotency_key,
    request_hash: order.request_hash,
    cancel_reason: order.cancel_reason,
    paid_at: order.paid_at,
    created_at: order.created_at,
    updated_at: order.updated_at,
  };
}
