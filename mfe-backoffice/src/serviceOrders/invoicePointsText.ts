const points = (count: number) => `${new Intl.NumberFormat('vi-VN').format(count)} điểm`;

/** The counter's "Dùng điểm thưởng" section of an unpaid invoice. */
export const invoicePointsText = {
  heading: 'Dùng điểm thưởng',
  loading: 'Đang tải điểm thưởng của khách...',
  loadFailed: 'Không tải được điểm thưởng của khách.',
  retry: 'Thử lại',
  balance: 'Số dư của khách',
  maxUsable: 'Dùng tối đa cho hoá đơn này',
  rules: (pointValue: string, minimum: number, capPercent: number) => `1 điểm = ${pointValue}; tối thiểu ${points(minimum)}; tối đa ${capPercent}% tiền dịch vụ và phụ tùng.`,
  notEnough: 'Khách chưa đủ điểm để dùng cho hoá đơn này.',
  pointsLabel: 'Số điểm',
  codeLabel: 'Mã xác nhận của khách',
  codeHint: 'Khách lấy mã 6 chữ số (hoặc QR) ở trang Điểm thưởng, bấm “Dùng điểm tại quầy”.',
  apply: 'Áp dụng điểm',
  applying: 'Đang áp dụng...',
  applied: 'Đã áp dụng điểm thưởng cho hoá đơn.',
  remove: 'Bỏ dùng điểm',
  removed: 'Đã bỏ dùng điểm, hoàn điểm cho khách.',
  pointsInvalid: 'Số điểm phải là số nguyên dương.',
  pointsTooMany: (max: number) => `Dùng tối đa ${points(max)} cho hoá đơn này.`,
  pointsTooFew: (minimum: number) => `Dùng tối thiểu ${points(minimum)} mỗi hoá đơn.`,
  codeInvalid: 'Mã xác nhận gồm 6 chữ số.',
  /** The invoice's line of the points used. */
  line: (used: number) => `Điểm thưởng (−${points(used)})`,
  points,
} as const;
