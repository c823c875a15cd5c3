import { BATTERY_HEALTH_BOUNDS as B } from 'shared-contracts/vehicle';

/** The "Đo sức khỏe pin" form's Vietnamese text. */
export const batteryHealthText = {
  heading: 'Đo sức khỏe pin',
  intro: 'Nhập số liệu từ thiết bị đo. Máy chủ tự đánh giá "Pin suy giảm" theo ngưỡng của dòng xe.',
  fields: {
    sohPercent: 'SOH (% dung lượng danh định)',
    capacityKwh: 'Dung lượng đo được (kWh)',
    cellSpreadMv: 'Chênh lệch điện áp cell (mV)',
    internalResistanceMohm: 'Nội trở (mΩ)',
    temperatureC: 'Nhiệt độ pin (°C)',
    odometerKm: 'Số km (ODO)',
    tool: 'Thiết bị đo',
  },
  optional: '(không bắt buộc)',
  save: 'Lưu kết quả đo',
  saving: 'Đang lưu…',
  saved: (flag: string) => `Đã lưu kết quả đo: ${flag}.`,
  saveFailed: 'Chưa lưu được kết quả đo. Vui lòng thử lại.',
  loadFailed: 'Chưa tải được các lần đo pin.',
  recorded: 'Các lần đo của phiếu',
  none: 'Chưa có lần đo nào.',
  certificate: 'Chứng nhận (PDF)',
  certificateFor: (code: string) => `Chứng nhận pin ${code}`,
  certificateFailed: 'Chưa mở được chứng nhận. Vui lòng thử lại.',
  spreadWarning: 'Lệch áp cell cao',
  summary: (soh: string, flag: string) => `SOH ${soh} % · ${flag}`,
  required: {
    sohPercent: 'Vui lòng nhập SOH (% dung lượng danh định).',
    odometerKm: 'Vui lòng nhập số km (ODO) khi đo.',
    tool: 'Vui lòng nhập thiết bị đo.',
  },
  ranges: {
    sohPercent: 'SOH phải từ 0 đến 100%.',
    capacityKwh: `Dung lượng đo được phải lớn hơn 0 và tối đa ${B.capacityKwh.max} kWh.`,
    cellSpreadMv: `Chênh lệch điện áp cell phải là số nguyên từ 0 đến ${B.cellSpreadMv.max} mV.`,
    internalResistanceMohm: `Nội trở phải từ 0 đến ${B.internalResistanceMohm.max} mΩ.`,
    temperatureC: `Nhiệt độ pin phải từ ${B.temperatureC.min} đến ${B.temperatureC.max} °C.`,
    odometerKm: 'Số km phải là số nguyên không âm.',
  },
} as const;
