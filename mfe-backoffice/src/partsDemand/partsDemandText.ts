import { formatDate } from 'shared-contracts';

const whole = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('vi-VN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The manager's 'Nhu cầu phụ tùng' view (spec predictive.md §4): its Vietnamese text and number formats (vi-VN). */
export const partsDemandText = {
  heading: 'Nhu cầu phụ tùng',
  intro:
    'Phụ tùng dự kiến cần cho các lịch hẹn đã đặt: xác suất hư hỏng dự đoán của từng xe × số phụ tùng các hư hỏng đó đã dùng trước đây, so với tồn khả dụng và tồn tối thiểu của trung tâm.',
  horizon: 'Khoảng dự báo',
  days: (days: number) => `${days} ngày tới`,
  centre: 'Trung tâm',
  centreOf: (name: string) => `Trung tâm: ${name}`,
  ownCentre: 'Trung tâm của bạn',
  loading: 'Đang tính nhu cầu phụ tùng...',
  loadFailed: 'Không tải được nhu cầu phụ tùng. Vui lòng thử lại.',
  retry: 'Thử lại',
  notes: 'Lưu ý',
  summary: (appointments: number, vehicles: number, failures: number) =>
    `${whole.format(appointments)} lịch hẹn · ${whole.format(vehicles)} xe · khoảng ${oneDecimal.format(failures)} hạng mục dự kiến hỏng`,
  model: (id: number, trainedAt: string) => `Theo mô hình dự đoán #${id}, huấn luyện ngày ${formatDate(trainedAt)}.`,
  caption: (days: number, centre: string) => `Nhu cầu phụ tùng ${days} ngày tới tại ${centre}`,
  empty: 'Chưa có phụ tùng nào dự kiến cần trong khoảng này.',
  columns: {
    product: 'Sản phẩm',
    demand: 'Nhu cầu dự kiến',
    from: 'Từ hạng mục',
    appointments: 'Lịch hẹn',
    available: 'Khả dụng',
    minStock: 'Tối thiểu',
    suggested: 'Đề xuất nhập',
    actions: 'Thao tác',
  },
  receive: 'Nhập kho',
  receiveLabel: (name: string, quantity: number) => (quantity > 0 ? `Nhập kho ${name}, đề xuất ${whole.format(quantity)}` : `Nhập kho ${name}`),
  note: 'Nhu cầu là kỳ vọng (có thể lẻ); đề xuất nhập = làm tròn lên nhu cầu + tồn tối thiểu − khả dụng.',
  count: (value: number) => whole.format(value),
  decimal: (value: number) => oneDecimal.format(value),
};
