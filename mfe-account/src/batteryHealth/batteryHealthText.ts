import { formatBatteryNumber } from 'shared-contracts/vehicle';

/** The vehicle card's "Sức khỏe pin" text. */
export const batteryHealthText = {
  heading: 'Sức khỏe pin',
  headingFor: (plate: string) => `Sức khỏe pin xe ${plate}`,
  intro: 'SOH là dung lượng pin còn lại so với dung lượng danh định, đo tại trung tâm.',
  trendLabel: (plate: string, points: string) => `Xu hướng SOH của xe ${plate}: ${points}`,
  point: (date: string, soh: number) => `${date}: ${formatBatteryNumber(soh)} %`,
  listLabel: (plate: string) => `Các lần đo pin của xe ${plate}`,
  soh: (soh: number) => `SOH ${formatBatteryNumber(soh)} %`,
  figures: {
    capacity: (kwh: number) => `Dung lượng ${formatBatteryNumber(kwh, 2)} kWh`,
    spread: (mv: number) => `Lệch áp cell ${formatBatteryNumber(mv, 0)} mV`,
    resistance: (mohm: number) => `Nội trở ${formatBatteryNumber(mohm)} mΩ`,
    temperature: (c: number) => `${formatBatteryNumber(c)} °C`,
    odometer: (km: number) => `${new Intl.NumberFormat('vi-VN').format(km)} km`,
  },
  spreadWarning: 'Lệch áp cell cao',
  at: (centre: string) => `tại ${centre}`,
  download: 'Tải chứng nhận',
  downloadLabel: (date: string) => `Tải chứng nhận pin ngày ${date}`,
  downloadFailed: 'Chưa tải được chứng nhận. Vui lòng thử lại.',
} as const;
