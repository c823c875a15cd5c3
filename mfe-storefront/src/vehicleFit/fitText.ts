/**
 * The vehicle chooser's and the fitment list's copy (the badge's labels, the warning and the years are the shared
 * rule's: 'shared-contracts/pricing' fitment.ts).
 */
export const fitText = {
  heading: 'Xe của bạn',
  none: 'Chọn xe để biết phụ tùng nào vừa xe của bạn.',
  chosen: (name: string) => `Đang xem phụ tùng cho ${name}`,
  choose: 'Chọn xe',
  change: 'Đổi xe',
  clear: 'Bỏ chọn xe',
  cancel: 'Đóng',
  savedHeading: 'Xe đã lưu',
  savedNoModel: 'Chưa chọn dòng xe',
  savedNoModelHint: 'Chọn dòng xe cho xe này trong "Xe của tôi" để dùng ở đây.',
  savedPick: (name: string) => `Chọn ${name}`,
  other: 'Xe khác',
  brand: 'Hãng xe',
  model: 'Dòng xe',
  year: 'Năm sản xuất',
  pickBrand: 'Chọn hãng',
  pickModel: 'Chọn dòng xe',
  pickYear: 'Chọn năm',
  confirm: 'Chọn xe này',
  loading: 'Đang tải danh sách xe...',
  failed: 'Chưa tải được danh sách xe. Vui lòng thử lại.',
  retry: 'Thử lại',
  fitOnly: 'Chỉ hiện phụ tùng vừa xe',
  compatibleHeading: 'Xe tương thích',
  compatibleNone: 'Chưa có thông tin xe tương thích.',
  quantity: (count: number) => `${count} cái/xe`,
} as const;
