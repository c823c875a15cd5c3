import { normalizeVietnamesePhone } from 'shared-contracts';
import type { PaymentMethod } from 'shared-contracts/pricing';
import type { CartLine, OrderCreateInput } from 'shared-contracts/schemas';
import type { ShippingSelection } from './checkoutSlice';

export type CheckoutField = 'recipientName' | 'phone' | 'ward' | 'street' | 'centreId' | 'paymentMethod' | 'note';
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export interface CheckoutValues {
  recipientName: string;
  phone: string;
  ward: string;
  street: string;
  note: string;
  paymentMethod: PaymentMethod;
}

/** The same rules and messages as the API's orderCreateInputSchema (checked again on the server). */
export const CHECKOUT_MESSAGES = {
  recipientName: 'Vui lòng nhập tên người nhận.',
  recipientNameShort: 'Tên người nhận phải có ít nhất 2 ký tự.',
  recipientNameLong: 'Tên người nhận không được dài quá 100 ký tự.',
  phone: 'Vui lòng nhập số điện thoại.',
  phoneInvalid: 'Số điện thoại di động không hợp lệ (ví dụ 0912345678).',
  ward: 'Vui lòng nhập phường/xã.',
  wardLong: 'Tên phường/xã tối đa 100 ký tự.',
  street: 'Vui lòng nhập số nhà, tên đường.',
  streetLong: 'Địa chỉ tối đa 200 ký tự.',
  centre: 'Vui lòng chọn trung tâm nhận hàng.',
  payAtPickup: 'Thanh toán tại cửa hàng chỉ áp dụng khi nhận hàng tại trung tâm.',
  note: 'Ghi chú tối đa 500 ký tự.',
} as const;

/** The payment methods a fulfilment offers: COD with a delivery, pay at pick-up with a pick-up, VietQR with both. */
export function paymentMethodsFor(shipping: ShippingSelection): PaymentMethod[] {
  return shipping.method === 'delivery' ? ['COD', 'VIETQR'] : ['PAY_AT_PICKUP', 'VIETQR'];
}

/** Field errors of the checkout form (empty object: valid). */
export function validateCheckout(values: CheckoutValues, shipping: ShippingSelection): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const name = values.recipientName.trim();
  if (!name) errors.recipientName = CHECKOUT_MESSAGES.recipientName;
  else if (name.length < 2) errors.recipientName = CHECKOUT_MESSAGES.recipientNameShort;
  else if (name.length > 100) errors.recipientName = CHECKOUT_MESSAGES.recipientNameLong;
  if (!values.phone.trim()) errors.phone = CHECKOUT_MESSAGES.phone;
  else if (normalizeVietnamesePhone(values.phone) === null) errors.phone = CHECKOUT_MESSAGES.phoneInvalid;
  if (shipping.method === 'delivery') {
    const ward = values.ward.trim();
    const street = values.street.trim();
    if (ward.length < 2) errors.ward = CHECKOUT_MESSAGES.ward;
    else if (ward.length > 100) errors.ward = CHECKOUT_MESSAGES.wardLong;
    if (street.length < 3) errors.street = CHECKOUT_MESSAGES.street;
    else if (street.length > 200) errors.street = CHECKOUT_MESSAGES.streetLong;
  } else if (shipping.centreId === null) errors.centreId = CHECKOUT_MESSAGES.centre;
  if (values.paymentMethod === 'PAY_AT_PICKUP' && shipping.method !== 'pickup') errors.paymentMethod = CHECKOUT_MESSAGES.payAtPickup;
  if (values.note.trim().length > 500) errors.note = CHECKOUT_MESSAGES.note;
  return errors;
}

/**
 * What POST /orders receives. The prices shown go along (the server ignores them and prices the order itself);
 * the phone in its stored form, empty note left out.
 */
export function toOrderInput(values: CheckoutValues, shipping: ShippingSelection, items: readonly CartLine[], promoCode: string | null): OrderCreateInput {
  const fulfilment: OrderCreateInput['fulfilment'] =
    shipping.method === 'delivery'
      ? { method: 'delivery', address: { province: shipping.province, ward: values.ward.trim(), street: values.street.trim() } }
      : { method: 'pickup', centreId: shipping.centreId ?? 0 };
  const note = values.note.trim();
  return {
    items: items.map((item) => ({ kind: item.kind, refId: item.refId, quantity: item.quantity, price: item.price })),
    ...(promoCode ? { promoCode } : {}),
    recipientName: values.recipientName.trim(),
    phone: normalizeVietnamesePhone(values.phone) ?? values.phone.trim(),
    fulfilment,
    paymentMethod: values.paymentMethod,
    ...(note ? { note } : {}),
  };
}

/** The server's field errors ('fulfilment.address.ward', 'phone', ...) on the form's fields. */
export function serverFieldErrors(errors: ReadonlyArray<{ field: string; message: string }>): CheckoutErrors {
  const result: CheckoutErrors = {};
  const known: Record<string, CheckoutField> = {
    recipientName: 'recipientName',
    phone: 'phone',
    ward: 'ward',
    street: 'street',
    centreId: 'centreId',
    paymentMethod: 'paymentMethod',
    note: 'note',
  };
  for (const entry of errors) {
    const field = known[entry.field.split('.').pop() ?? ''];
    if (field) result[field] ??= entry.message;
  }
  return result;
}
