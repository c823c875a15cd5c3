/** Every Vietnamese string of /admin's overview (spec back-office §7 A1). */
export const adminOverviewText = {
  comparison: {
    heading: 'So sánh các trung tâm (30 ngày)',
    caption: (from: string, to: string) => `Chỉ số từng trung tâm từ ${from} đến ${to}`,
    loading: 'Đang tải số liệu các trung tâm…',
    loadFailed: 'Không tải được số liệu các trung tâm. Vui lòng thử lại.',
    reload: 'Tải lại so sánh',
    empty: 'Chưa có trung tâm nào.',
    centre: 'Trung tâm',
    total: 'Tất cả trung tâm',
    columns: {
      vehiclesIn: 'Xe tiếp nhận',
      carCount: 'Xe hoàn tất',
      revenue: 'Doanh thu dịch vụ',
      aro: 'Giá trị TB/phiếu',
      efficiency: 'Hiệu suất KTV (%)',
      bay: 'Công suất khoang (%)',
      cancellation: 'Tỷ lệ hủy lịch (%)',
      noShow: 'Tỷ lệ không đến (%)',
    },
    shopRevenue: (total: string, orders: string) => `Doanh thu web (toàn hệ thống, không thuộc trung tâm nào): ${total} – ${orders} đơn hoàn tất.`,
    scrollLabel: 'Bảng so sánh các trung tâm',
  },
} as const;
