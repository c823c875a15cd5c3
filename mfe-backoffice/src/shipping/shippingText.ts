import { formatDate, formatDateTime, formatVnd } from 'shared-contracts';

/** dd/MM/yyyy HH:mm in Asia/Ho_Chi_Minh. */
function stamp(iso: string): string {
  const [time, date] = formatDateTime(iso).split(' ');
  return `${date} ${time}`;
}

/** A carrier's 'YYYY-MM-DD' (a local date already) as dd/MM/yyyy; anything else through the shop's formatter. */
function localDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : formatDate(value);
}

/** The shipping desk's Vietnamese text: "Tạo vận đơn", the parcel's block and the day's pickup list. */
export const shippingText = {
  stamp,
  localDate,
  vnd: formatVnd,
  create: 'Tạo vận đơn',
  creating: 'Đang tạo vận đơn…',
  close: 'Đóng',
  options: 'Đơn vị vận chuyển và dịch vụ',
  optionsLoading: 'Đang lấy phí vận chuyển…',
  optionsFailed: 'Không lấy được phí từ đơn vị vận chuyển. Hãy chọn dịch vụ bên dưới; phí sẽ được đơn vị vận chuyển xác nhận khi tạo vận đơn.',
  optionsFallback: 'Đơn vị vận chuyển chưa báo phí kịp; phí sẽ được đơn vị vận chuyển xác nhận khi tạo vận đơn.',
  feeToConfirm: 'Phí xác nhận khi tạo vận đơn',
  cheapest: 'Rẻ nhất',
  fastest: 'Nhanh nhất',
  expected: (date: string) => `Dự kiến giao ${date}`,
  codAmount: 'Tiền thu hộ (COD, VND)',
  codPaid: 'Đơn đã thanh toán: không thu hộ.',
  insuredValue: 'Giá trị khai giá (VND)',
  inspection: 'Lưu ý giao hàng',
  handover: 'Giao hàng cho đơn vị vận chuyển',
  note: 'Ghi chú cho shipper (không bắt buộc)',
  chooseOption: 'Vui lòng chọn đơn vị vận chuyển.',
  codInvalid: 'Tiền thu hộ (COD) phải là số nguyên không âm (VND).',
  insuredInvalid: 'Giá trị khai giá phải là số nguyên không âm (VND).',
  noteTooLong: 'Ghi chú tối đa 300 ký tự.',
  conflict: 'Đơn hàng đã thay đổi trong lúc bạn tạo vận đơn — thông tin mới nhất đã được tải lại. Vui lòng kiểm tra rồi tạo lại.',
  createFailed: 'Không tạo được vận đơn. Vui lòng thử lại.',
  created: (code: string) => `Đã tạo vận đơn ${code}.`,
  // the shipment block
  heading: 'Vận đơn',
  carrier: 'Đơn vị vận chuyển',
  service: 'Dịch vụ',
  trackingCode: 'Mã vận đơn',
  trackOn: (carrier: string) => `Tra cứu trên trang ${carrier}`,
  status: 'Trạng thái',
  fee: 'Phí vận chuyển',
  cod: 'Thu hộ (COD)',
  insured: 'Khai giá',
  attempts: 'Số lần giao không thành công',
  expectedDelivery: 'Dự kiến giao',
  events: 'Hành trình',
  labelSize: 'Khổ nhãn',
  labelSizes: { A5: 'A5', '80x80': '80×80' } as Record<string, string>,
  printLabel: 'In nhãn',
  labelFailed: 'Không in được nhãn. Vui lòng thử lại.',
  cancel: 'Hủy vận đơn',
  cancelTitle: (code: string) => `Hủy vận đơn ${code}?`,
  cancelHint: 'Đơn vị vận chuyển sẽ không đến lấy kiện hàng này nữa. Bạn có thể tạo vận đơn mới sau.',
  cancelConfirm: 'Hủy vận đơn',
  cancelBusy: 'Đang hủy…',
  back: 'Quay lại',
  cancelled: 'Đã hủy vận đơn.',
  cancelFailed: 'Không hủy được vận đơn. Vui lòng thử lại.',
  // the day's pickup list
  pickupsHeading: 'Danh sách giao cho đơn vị vận chuyển',
  date: 'Ngày',
  pickupsLoading: 'Đang tải danh sách vận đơn…',
  pickupsFailed: 'Không tải được danh sách vận đơn. Vui lòng thử lại.',
  retry: 'Thử lại',
  noPickups: 'Không có vận đơn nào trong ngày này.',
  perCarrier: 'Số vận đơn theo đơn vị vận chuyển',
  carrierCount: (label: string, count: number) => `${label}: ${count}`,
  selectAll: 'Chọn tất cả',
  select: (code: string) => `Chọn vận đơn ${code}`,
  printSelected: (count: number) => `In nhãn đã chọn (${count})`,
  printAll: 'In tất cả',
  order: 'Đơn hàng',
} as const;
