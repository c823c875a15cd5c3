/** The inspection's copy (dashboard and maintenance history). */
export const inspectionText = {
  heading: 'Kết quả kiểm tra xe',
  progress: (answered: number, total: number) => `Đã kiểm tra ${answered}/${total} hạng mục`,
  notStarted: 'Kỹ thuật viên chưa bắt đầu kiểm tra.',
  loading: 'Đang tải kết quả kiểm tra...',
  itemsLabel: 'Các hạng mục đã kiểm tra',
  results: { PASS: 'Đạt', FAIL: 'Không đạt', NA: 'Không áp dụng' },
  fixed: 'Đã xử lý trong lần này',
  photosLabel: (label: string) => `Ảnh mục ${label}`,
  photoAlt: (index: number, label: string) => `Ảnh ${index} của mục ${label} (mở ảnh lớn)`,
  adviceHeading: 'Lời khuyên cho lần bảo dưỡng tới',
  adviceKinds: { REPAIR: 'Cần sửa chữa', WATCH: 'Cần theo dõi' },
  noAdvice: 'Kỹ thuật viên không có lưu ý nào cho lần bảo dưỡng tới.',
} as const;
