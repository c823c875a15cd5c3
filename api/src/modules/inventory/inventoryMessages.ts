/** Vietnamese messages of the centre inventory (shown as is). */

/** 409 INSUFFICIENT_STOCK of a reservation (spec §4 rule 2): 'Không đủ tồn kho: còn {n} {tên}.' */
export function insufficientStockMessage(available: number, productName: string): string {
  return `Không đủ tồn kho: còn ${available} ${productName}.`;
}

export const inventoryMessages = {
  productNotFound: 'Không tìm thấy sản phẩm.',
  productUnavailable: (name: string) => `Sản phẩm "${name}" đã ngừng kinh doanh, không thể nhập kho.`,
  noWarehouse: 'Không có kho online để nhập hàng về nơi này.',
  insufficientWarehouse: (name: string, remaining: number) =>
    remaining > 0
      ? `Kho online chỉ còn ${remaining} "${name}", không đủ để nhập về trung tâm.`
      : `Kho online đã hết "${name}", không thể nhập về trung tâm.`,
  adjustBelowReserved: (reserved: number) =>
    `Không thể điều chỉnh tồn kho xuống dưới số đang giữ cho yêu cầu phụ tùng (${reserved}).`,
  adjustNoChange: 'Số tồn mới bằng số tồn hiện tại, không có gì để điều chỉnh.',
  centreRequired: 'Vui lòng chọn trung tâm cần thao tác.',
  received: 'Đã nhập kho từ kho online.',
  adjusted: 'Đã điều chỉnh tồn kho.',
  minStockSaved: 'Đã lưu mức tồn tối thiểu.',
  goodsReceived: 'Đã nhập hàng từ nhà cung cấp.',
  goodsReceiptNotFound: 'Không tìm thấy phiếu nhập.',
} as const;
