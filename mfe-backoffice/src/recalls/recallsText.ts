import { RECALL_VEHICLE_STATE_LABELS, type RecallVehicleState } from 'shared-contracts/pricing';

const count = (value: number) => new Intl.NumberFormat('vi-VN').format(value);

/** The recalls feature's Vietnamese text. */
export const recallsText = {
  flag: {
    label: 'Cảnh báo triệu hồi',
    remedy: (remedy: string, minutes: number) => `Khắc phục miễn phí: ${remedy} (khoảng ${count(minutes)} phút công).`,
    defect: (defect: string) => `Lỗi: ${defect}`,
    state: (label: string) => `Trạng thái: ${label}`,
  },
  page: {
    title: 'Chiến dịch triệu hồi',
    loading: 'Đang tải chiến dịch triệu hồi…',
    loadFailed: 'Không tải được chiến dịch triệu hồi.',
    retry: 'Thử lại',
    empty: 'Chưa có chiến dịch triệu hồi nào.',
    tableLabel: 'Bảng chiến dịch triệu hồi',
    create: 'Tạo chiến dịch',
    close: 'Đóng chiến dịch',
    closeLabel: (code: string) => `Đóng chiến dịch ${code}`,
    closeConfirm: (code: string) => `Đóng chiến dịch ${code}? Xe chưa khắc phục sẽ không còn được gắn cờ.`,
    closed: (code: string) => `Đã đóng chiến dịch ${code}.`,
    created: (code: string, affected: number) => `Đã tạo chiến dịch ${code}: ${count(affected)} xe thuộc diện, chủ xe đã được báo.`,
    actionFailed: 'Không thực hiện được. Vui lòng thử lại.',
    columns: { code: 'Mã', title: 'Chiến dịch', scope: 'Phạm vi', window: 'Thời gian', counts: 'Số xe theo trạng thái', status: 'Trạng thái', actions: 'Thao tác' },
    scope: (models: string[], ranges: number, vins: number) =>
      [models.length > 0 ? models.join(', ') : null, ranges > 0 ? `${count(ranges)} dải VIN` : null, vins > 0 ? `${count(vins)} VIN trong danh sách` : null].filter(Boolean).join(' · ') || '—',
    stateCount: (state: RecallVehicleState, value: number) => `${RECALL_VEHICLE_STATE_LABELS[state]}: ${count(value)}`,
  },
  form: {
    title: 'Tạo chiến dịch triệu hồi',
    code: 'Mã chiến dịch',
    manufacturer: 'Hãng sản xuất',
    titleField: 'Tên chiến dịch',
    defect: 'Lỗi',
    remedy: 'Cách khắc phục',
    labourMinutes: 'Thời gian công (phút)',
    startsOn: 'Ngày bắt đầu',
    endsOn: 'Ngày kết thúc (không bắt buộc)',
    modelId: 'Mã dòng xe (không bắt buộc)',
    yearFrom: 'Năm sản xuất từ',
    yearTo: 'Năm sản xuất đến',
    vinFrom: 'VIN đầu dải',
    vinTo: 'VIN cuối dải',
    vinCsv: 'Danh sách VIN (tệp CSV, mỗi dòng một VIN)',
    vinCsvTooLarge: 'Tệp VIN tối đa 400 KB.',
    scopeHint: 'Chọn ít nhất một phạm vi: dòng xe và năm sản xuất, dải VIN hoặc danh sách VIN.',
    submit: 'Tạo và báo khách',
    busy: 'Đang tạo…',
    cancel: 'Hủy',
    integer: (label: string) => `${label} phải là số nguyên.`,
  },
  completion: {
    title: 'Hoàn thành triệu hồi theo trung tâm',
    empty: 'Chưa có xe nào đặt lịch khắc phục triệu hồi.',
    row: (done: number, scheduled: number, percent: number | null) => `${count(done)}/${count(scheduled)} xe đã khắc phục${percent === null ? '' : ` (${percent.toLocaleString('vi-VN')}%)`}`,
  },
} as const;
