/** Vietnamese messages of the centre inventory (shown as is). */

export const inventoryMessages = {
  productNotFound: 'Không tìm thấy sản phẩm.',
  productUnavailable: (name: string) => `Sản phẩm "${name}" đã ngừng kinh doanh, không thể nhập kho.`,
  noWarehouse: 'Không có kho online để nhập hàng về nơi này.',
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
