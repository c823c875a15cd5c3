/**
 * The checkout's field rules and their Vietnamese messages, zod-free: orderCreateInputSchema (schemas/shop.ts)
 * validates POST /orders with them, and the storefront's checkout form checks them as the customer types.
 * The phone rule is normalizeVietnamesePhone (user/accountRules.ts).
 */
export const CHECKOUT_RULES = {
  recipientName: {
    min: 2,
    max: 100,
    required: 'Vui lòng nhập tên người nhận.',
    tooShort: 'Tên người nhận phải có ít nhất 2 ký tự.',
    tooLong: 'Tên người nhận không được dài quá 100 ký tự.',
  },
  phone: { required: 'Vui lòng nhập số điện thoại.', invalid: 'Số điện thoại di động không hợp lệ (ví dụ 0912345678).' },
  ward: { min: 2, max: 100, required: 'Vui lòng nhập phường/xã.', tooLong: 'Tên phường/xã tối đa 100 ký tự.' },
  street: { min: 3, max: 200, required: 'Vui lòng nhập số nhà, tên đường.', tooLong: 'Địa chỉ tối đa 200 ký tự.' },
  centre: { required: 'Vui lòng chọn trung tâm nhận hàng.' },
  paymentMethod: { payAtPickupOnly: 'Thanh toán tại cửa hàng chỉ áp dụng khi nhận hàng tại trung tâm.' },
  note: { max: 500, tooLong: 'Ghi chú tối đa 500 ký tự.' },
} as const;
