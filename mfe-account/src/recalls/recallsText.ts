const minutes = (value: number) => new Intl.NumberFormat('vi-VN').format(value);

/** The customer's recall notice on "Xe của tôi". */
export const recallsText = {
  label: (plate: string) => `Triệu hồi của xe ${plate}`,
  defect: (defect: string) => `Lỗi: ${defect}`,
  remedy: (remedy: string, labour: number) => `Khắc phục miễn phí (0 ₫): ${remedy} Khoảng ${minutes(labour)} phút.`,
  state: (label: string) => `Trạng thái: ${label}`,
  book: 'Đặt lịch khắc phục',
  bookLabel: (code: string, plate: string) => `Đặt lịch khắc phục ${code} cho xe ${plate}`,
} as const;
