/** Every Vietnamese string of the charts (spec back-office §9). */
export const chartText = {
  heading: 'Biểu đồ',
  showTable: 'Xem bảng số liệu',
  revenue: {
    title: 'Doanh thu theo ngày',
    empty: 'Chưa có doanh thu đã thanh toán trong khoảng này.',
    services: 'Dịch vụ',
    parts: 'Phụ tùng',
    aro: 'Giá trị TB/phiếu',
    date: 'Ngày',
    total: 'Tổng',
    summary: (from: string, to: string, total: string, services: string, parts: string, maxDay: string, maxValue: string) =>
      `Doanh thu theo ngày từ ${from} đến ${to}: tổng ${total} (dịch vụ ${services}, phụ tùng ${parts}); cao nhất ngày ${maxDay} với ${maxValue}. Đường là giá trị trung bình mỗi phiếu.`,
  },
  carCount: {
    title: 'Xe hoàn tất theo ngày',
    empty: 'Chưa có xe hoàn tất trong khoảng này.',
    date: 'Ngày',
    cars: 'Số xe',
    summary: (from: string, to: string, total: string, maxDay: string, maxValue: string) =>
      `Xe hoàn tất theo ngày từ ${from} đến ${to}: tổng ${total} xe; nhiều nhất ngày ${maxDay} với ${maxValue} xe.`,
  },
  appointments: {
    title: 'Lịch hẹn theo trạng thái',
    empty: 'Chưa có lịch hẹn nào trong khoảng này.',
    status: 'Trạng thái',
    count: 'Số lịch hẹn',
    share: 'Tỷ lệ',
    summary: (total: string, parts: string) => `Lịch hẹn theo trạng thái: tổng ${total}; ${parts}.`,
  },
  topParts: {
    title: '10 phụ tùng dùng nhiều nhất',
    empty: 'Chưa dùng phụ tùng nào trong khoảng này.',
    name: 'Phụ tùng',
    quantity: 'Số lượng (xuất − trả)',
    value: 'Giá trị',
    summary: (n: number, first: string, quantity: string, value: string) =>
      `${n} phụ tùng dùng nhiều nhất theo số lượng; đứng đầu ${first} với ${quantity} (giá trị ${value}).`,
  },
  technicians: {
    title: 'Tỷ lệ sử dụng và hiệu suất kỹ thuật viên',
    empty: 'Chưa có số liệu kỹ thuật viên trong khoảng này.',
    name: 'Kỹ thuật viên',
    utilisation: 'Tỷ lệ sử dụng',
    efficiency: 'Hiệu suất',
    reference: 'Mốc 100 %',
    summary: (n: number, best: string) =>
      `Tỷ lệ sử dụng thời gian và hiệu suất của ${n} kỹ thuật viên, đường kẻ là mốc 100 %; ${best}.`,
    best: (name: string, value: string) => `hiệu suất cao nhất: ${name} với ${value}`,
    noEfficiency: 'chưa có hiệu suất nào tính được',
  },
  bays: {
    title: 'Công suất khoang theo thứ và giờ',
    empty: 'Chưa có số liệu công suất khoang trong khoảng này.',
    weekday: 'Thứ',
    scaleLow: 'Thấp',
    scaleHigh: 'Cao',
    noData: 'Không có số liệu',
    summary: (weekday: string, hour: string, value: string, average: string) =>
      `Công suất khoang theo thứ và giờ mở cửa: cao nhất ${weekday} lúc ${hour} với ${value}; trung bình ${average}.`,
  },
} as const;
