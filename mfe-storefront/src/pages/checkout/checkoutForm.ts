import { normalizeVietnamesePhone } from 'shared-contracts';
import { CHECKOUT_RULES as rules, type PaymentMethod } from 'shared-contracts/pricing';
import type { CartLine, OrderCreateInput } from 'shared-contracts/schemas';
import type { ShippingSelection } from '../../cart/checkoutSlice';

export type CheckoutField = 'recipientName' | 'phone' | 'ward' | 'street' | 'centreId' | 'paymentMethod' | 'note';
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export interface CheckoutValues {
  recipientName: string;
  phone: string;
  ward: string;
  /** The ward picked in the WardPicker (null: only typed; the server resolves a text naming one ward). */
  wardCode: string | null;
  street: string;
  note: string;
  paymentMethod: PaymentMethod;
}

/** The payment methods a fulfilment offers: COD with a delivery, pay at pick-up with a pick-up, VietQR with both. */
export function paymentMethodsFor(shipping: ShippingSelection): PaymentMethod[] {
  return shipping.method === 'delivery' ? ['COD', 'VIETQR'] : ['PAY_AT_PICKUP', 'VIETQR'];
}

/** Field errors of the checkout form (empty object: valid): the rules and messages of the API's orderCreateInputSchema. */
export function validateCheckout(values: CheckoutValues, shipping: ShippingSelection): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const name = values.recipientName.trim();
  if (!name) errors.recipientName = rules.recipientName.required;
  else if (name.length < rules.recipientName.min) errors.recipientName = rules.recipientName.tooShort;
  else if (name.length > rules.recipientName.max) errors.recipientName = rules.recipientName.tooLong;
  if (!values.phone.trim()) errors.phone = rules.phone.required;
  else if (normalizeVietnamesePhone(values.phone) === null) errors.phone = rules.phone.invalid;
  if (shipping.method === 'delivery') {
    const ward = values.ward.trim();
    const street = values.street.trim();
    if (ward.length < rules.ward.min) errors.ward = rules.ward.required;
    else if (ward.length > rules.ward.max) errors.ward = rules.ward.tooLong;
    if (street.length < rules.street.min) errors.street = rules.street.required;
    else if (street.length > rules.street.max) errors.street = rules.street.tooLong;
  } else if (shipping.centreId === null) errors.centreId = rules.centre.required;
  if (values.paymentMethod === 'PAY_AT_PICKUP' && shipping.method !== 'pickup') errors.paymentMethod = rules.paymentMethod.payAtPickupOnly;
  if (values.note.trim().length > rules.note.max) errors.note = rules.note.tooLong;
  return errors;
}

/**
 * What POST /orders receives. The prices shown go along (the server ignores them and prices the order itself);
 * the phone in its stored form, empty note left out; the member's points only when some are used (the server
 * recomputes their worth).
 */
export function toOrderInput(values: CheckoutValues, shipping: ShippingSelection, items: readonly CartLine[], promoCode: string | null, points = 0): OrderCreateInput {
  const fulfilment: OrderCreateInput['fulfilment'] =
    shipping.method === 'delivery'
      ? { method: 'delivery', address: { province: shipping.province, ward: values.ward.trim(), street: values.street.trim(), ...(values.wardCode ? { wardCode: values.wardCode } : {}) } }
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
    ...(points > 0 ? { points } : {}),
  };
}

/** The form as it was when `input` was sent (toOrderInput backwards), so that the same form makes the same body. */
export function checkoutValuesOf(input: OrderCreateInput): CheckoutValues {
  const address = input.fulfilment.method === 'delivery' ? input.fulfilment.address : null;
  return {
    recipientName: input.recipientName,
    phone: input.phone,
    ward: address?.ward ?? '',
    wardCode: address?.wardCode ?? null,
    street: address?.street ?? '',
    note: input.note ?? '',
    paymentMethod: input.paymentMethod,
  };
}

/** The server's field errors ('fulfilment.address.ward', 'phone', ...) on the form's fields. */
export function serverFieldErrors(errors: ReadonlyArray<{ field: string; message: string }>): CheckoutErrors {
  const result: CheckoutErrors = {};
  const known: Record<string, CheckoutField> = {
    recipientName: 'recipientName',
    phone: 'phone',
    ward: 'ward',
    wardCode: 'ward',
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
