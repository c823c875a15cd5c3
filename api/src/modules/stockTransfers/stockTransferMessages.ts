/** Vietnamese messages of the stock transfers (shown as is). */
export const stockTransferMessages = {
  created: 'Đã tạo phiếu chuyển kho; hàng đã rời nơi chuyển đi.',
  requested: 'Đã gửi yêu cầu chuyển kho; hàng rời nơi chuyển đi khi yêu cầu được duyệt.',
  accepted: 'Đã duyệt yêu cầu chuyển kho; hàng đã rời nơi chuyển đi.',
  declined: 'Đã từ chối yêu cầu chuyển kho.',
  withdrawn: 'Đã rút yêu cầu chuyển kho.',
  received: 'Đã nhận hàng chuyển kho.',
  cancelled: 'Đã hủy phiếu chuyển kho; hàng đã trả về nơi chuyển đi.',
  sameLocation: 'Nơi nhận phải khác nơi chuyển đi.',
  locationNotFound: 'Không tìm thấy kho hoặc trung tâm này.',
  productNotFound: 'Không tìm thấy sản phẩm.',
  notYourCentre: 'Bạn chỉ được chuyển hàng đi hoặc về trung tâm của mình.',
  requestRequired: (source: string) => `Bạn không thể tự lấy hàng của ${source}. Hãy gửi yêu cầu chuyển kho để ${source} duyệt.`,
  requestNotYours: 'Bạn chỉ được yêu cầu chuyển hàng về trung tâm của mình.',
  requestNotNeeded: 'Bạn được tạo phiếu chuyển kho này trực tiếp, không cần gửi yêu cầu.',
  notAllowed: (label: string) => `Bạn không có quyền "${label}" trên phiếu chuyển này.`,
  insufficient: (name: string, available: number, place: string) =>
    available > 0
      ? `Chỉ còn ${available} "${name}" khả dụng tại ${place}, không đủ để chuyển.`
      : `${place} đã hết "${name}" khả dụng, không thể chuyển.`,
  stale: (statusLabel: string) => `Phiếu chuyển đã thay đổi (hiện ${statusLabel.toLowerCase()}). Vui lòng xem lại rồi thao tác.`,
} as const;
