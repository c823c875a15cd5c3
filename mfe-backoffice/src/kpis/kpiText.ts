/** Every Vietnamese string of the KPI tiles (spec back-office §8). */
export const kpiText = {
  heading: 'Chỉ số kinh doanh',
  allCentres: 'Tất cả trung tâm',
  loading: 'Đang tải chỉ số…',
  loadFailed: 'Không tải được chỉ số. Vui lòng thử lại.',
  reload: 'Tải lại chỉ số',
  periods: { today: 'Hôm nay', week: '7 ngày', month: '30 ngày' },
  rangeOf: (from: string, to: string) => (from === to ? `Ngày ${displayDate(from)}` : `Từ ${displayDate(from)} đến ${displayDate(to)}`),
  now: {
    heading: 'Hiện tại',
    lowStock: 'Sản phẩm sắp hết',
    lowStockHint: 'Số sản phẩm có khả dụng (tồn − giữ chỗ) ≤ mức tối thiểu (mức tối thiểu > 0).',
    inventoryValue: 'Giá trị tồn kho',
    inventoryValueHint: 'Σ tồn × giá bán (chưa có giá vốn nên tính theo giá bán).',
    pending: 'Phê duyệt chờ > 4 giờ',
    pendingHint: 'Yêu cầu phụ tùng phát sinh đã gửi khách duyệt hơn 4 giờ mà khách chưa trả lời.',
    pendingEmpty: 'Không có yêu cầu nào chờ khách quá 4 giờ.',
    pendingItem: (code: string, plate: string, product: string) => `${code} · ${plate} · ${product}`,
    clockedIn: 'Kỹ thuật viên đang chấm công',
    clockedInEmpty: 'Không có kỹ thuật viên nào đang chấm công.',
    clockedInItem: (name: string, code: string, plate: string) => `${name} – phiếu ${code} · ${plate}`,
    since: 'từ',
  },
  units: { cars: 'xe', vnd: 'VNĐ', hours: 'giờ', percent: '%', minutes: 'phút', items: 'sản phẩm', requests: 'yêu cầu' },
  tiles: {
    vehiclesIn: ['Xe tiếp nhận', 'Số phiếu dịch vụ mở trong khoảng (kể cả phiếu đã hủy).'],
    carCount: ['Xe hoàn tất', 'Số hoá đơn dịch vụ lập trong khoảng.'],
    revenue: ['Doanh thu dịch vụ', 'Σ hoá đơn đã thanh toán trong khoảng.'],
    aro: ['Giá trị TB/phiếu', 'Doanh thu dịch vụ ÷ số hoá đơn đã thanh toán trong khoảng.'],
    hoursPerRo: ['Giờ công chuẩn/phiếu', 'Σ thời gian chuẩn của dịch vụ trên hoá đơn lập trong khoảng ÷ số xe hoàn tất.'],
    efficiency: ['Hiệu suất kỹ thuật viên', 'Thời gian chuẩn ÷ thời gian chấm công trên các phiếu hoàn thành trong khoảng; > 100 % là nhanh hơn định mức.'],
    utilisation: ['Tỷ lệ sử dụng thời gian KTV', 'Giờ chấm công ÷ giờ theo ca làm việc.'],
    bay: ['Công suất khoang', 'Thời gian xe nằm khoang trong giờ mở cửa ÷ (số khoang × giờ mở cửa × số ngày).'],
    booking: ['Tỷ lệ lấp lịch hẹn', 'Số bước 30 phút đã đặt ÷ (số khoang × số bước trong giờ mở cửa).'],
    cancellation: ['Tỷ lệ hủy lịch', 'Lịch hẹn đã hủy ÷ (đã hủy + hoàn thành), theo giờ hẹn trong khoảng.'],
    noShow: ['Tỷ lệ không đến', 'Lịch hẹn không đến ÷ (không đến + hoàn thành), theo giờ hẹn trong khoảng.'],
    closeCount: ['Tỷ lệ chốt phát sinh', 'Yêu cầu phát sinh khách đồng ý ÷ (đồng ý + từ chối), theo số lượng.'],
    closeValue: ['Tỷ lệ chốt phát sinh (giá trị)', 'Giá trị khách đồng ý ÷ (đồng ý + từ chối), theo số lượng × đơn giá.'],
    turnaround: ['Thời gian hoàn thành (trung vị)', 'Trung vị thời gian từ tiếp nhận đến xong việc, các phiếu xong việc trong khoảng.'],
    waiting: ['Thời gian chờ (trung vị)', 'Trung vị thời gian từ tiếp nhận đến bắt đầu làm, các phiếu xong việc trong khoảng.'],
    partsUsage: ['Phụ tùng đã dùng', 'Σ (xuất − trả lại) × đơn giá của yêu cầu, trong khoảng.'],
  },
  revenueSplit: (services: string, parts: string, discount: string) => `Dịch vụ ${services}, phụ tùng ${parts}, giảm giá gói ${discount}.`,
  extraWorkSplit: (withdrawn: number, expired: number) => `Đã rút lại ${withdrawn}, hết hạn ${expired} (không tính vào tỷ lệ).`,
  mine: {
    heading: 'Hiệu suất của tôi',
    today: 'Hôm nay',
    week: 'Tuần này',
    clocked: 'Giờ chấm công',
    done: 'Phiếu hoàn thành',
    efficiency: 'Hiệu suất',
    efficiencyHint: 'Thời gian chuẩn ÷ thời gian tôi chấm công trên các phiếu tôi hoàn thành; > 100 % là nhanh hơn định mức.',
  },
} as const;

/** 'YYYY-MM-DD' → 'dd/MM/yyyy'. */
export function displayDate(value: string): string {
  const [year, month, day] = value.split('-');
  return `${day}/${month}/${year}`;
}
