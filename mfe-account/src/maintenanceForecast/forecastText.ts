import type { ComponentForecastDto } from 'shared-contracts/diagnostics';

/**
 * The copy of "Dự đoán bảo dưỡng" and the pure helpers that turn the API's numbers into words (spec
 * predictive.md §4). The probability's words and figures are the one scale shared with the diagnosis page and the
 * reminder email (shared-contracts diagnostics/likelihoodWords.ts: the bands and why they are what they are),
 * re-exported here for this folder's callers.
 */
export { formatInterval, formatPercent, LIKELIHOOD_BANDS, likelihood, likelihoodWords, wholePercent } from 'shared-contracts/diagnostics';

type PoolLevel = NonNullable<ComponentForecastDto['evidence']>['level'];

const integerFormat = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });

const TYPE_WORDS: Record<string, string> = { scooter: 'xe máy điện', motorbike: 'mô tô điện', car: 'ô tô điện' };

/** 'VinFast Feliz S' from the family key ('Feliz S') and the vehicle's brand, without saying the brand twice. */
function familyName(key: string, brand: string): string {
  return brand && !key.toLocaleLowerCase('vi').startsWith(brand.toLocaleLowerCase('vi')) ? `${brand} ${key}` : key;
}

/** Whose inspections the number rests on: 'các xe cùng dòng VinFast Feliz S' / 'cùng loại ô tô điện' / 'toàn bộ xe'. */
export function poolWords(level: PoolLevel, key: string, brand: string): string {
  if (level === 'family') return `các xe cùng dòng ${familyName(key, brand)}`;
  if (level === 'type') return `các xe cùng loại ${TYPE_WORDS[key] ?? key}`;
  return 'toàn bộ xe';
}

export const forecastText = {
  heading: 'Dự đoán bảo dưỡng',
  headingVehicle: (plate: string) => ` xe ${plate}`,
  intro: 'Các hạng mục có khả năng cần kiểm tra sớm nhất, tính từ kết quả kiểm tra thực tế tại các trung tâm của chúng tôi.',
  loading: 'Đang tải dự đoán bảo dưỡng...',
  loadFailed: 'Không tải được dự đoán bảo dưỡng.',
  retry: 'Thử lại',
  retryLabel: (plate: string) => `Thử lại dự đoán bảo dưỡng xe ${plate}`,
  noModel: 'Chưa có mô hình dự đoán.',
  noModelDetail: 'Dự đoán sẽ xuất hiện sau khi hệ thống học xong từ dữ liệu kiểm tra của các trung tâm.',
  empty: 'Chưa có hạng mục nào để dự đoán cho xe này.',
  modelInfo: (date: string) => `Mô hình cập nhật ngày ${date}`,
  kmPerMonth: (km: number) => `ước tính xe đi khoảng ${integerFormat.format(km)} km/tháng`,
  listLabel: (plate: string) => `Hạng mục cần chú ý của xe ${plate}`,
  within3Months: (words: string) => `${words} cần kiểm tra trong 3 tháng tới`,
  interval: (interval: string) => `${interval} (khoảng tin cậy 95%)`,
  within5000Km: (words: string, interval: string) => `Trong 5.000 km tới: ${words}, ${interval}.`,
  evidence: (inspections: number, failures: number, pool: string) =>
    `Dựa trên ${integerFormat.format(inspections)} lần kiểm tra, ${integerFormat.format(failures)} lần hỏng của ${pool}.`,
  pooledBecause: (model: string) => ` Dòng xe ${model} chưa đủ dữ liệu riêng.`,
  inspectedTimes: (times: number) => (times > 0 ? `Xe của bạn đã được kiểm tra hạng mục này ${integerFormat.format(times)} lần.` : 'Xe của bạn chưa được kiểm tra hạng mục này tại trung tâm.'),
  attentionNow: 'Cần kiểm tra ngay',
  attentionNowDetail: 'Lần kiểm tra gần nhất phát hiện hạng mục này có vấn đề và chưa được khắc phục.',
  insufficient: 'Chưa đủ dữ liệu',
  insufficientDetail: 'Chúng tôi chưa có đủ kết quả kiểm tra để đưa ra con số đáng tin cậy cho hạng mục này.',
  noNumbers: 'Chưa đủ dữ liệu để dự đoán cho xe này.',
  noNumbersInsufficient: (vehicleName: string) =>
    `Các trung tâm của chúng tôi chưa có đủ kết quả kiểm tra xe ${vehicleName} để đưa ra con số đáng tin cậy; dự đoán sẽ xuất hiện khi có thêm dữ liệu.`,
  noNumbersNotBetter: 'Với dữ liệu hiện có, chúng tôi chưa dự đoán được hạng mục nào của xe này tốt hơn tỷ lệ hỏng trung bình, nên chưa đưa ra con số.',
  noNumbersNeverInspected: 'Xe của bạn chưa được kiểm tra tại trung tâm.',
  bookVehicleLabel: (plate: string) => `Đặt lịch kiểm tra cho xe ${plate}`,
  notBetter: 'Chưa dự đoán được tốt hơn mức trung bình',
  notBetterDetail: 'Khi kiểm chứng trên dữ liệu cũ, mô hình cho hạng mục này chưa đoán đúng hơn tỷ lệ hỏng trung bình của toàn bộ xe, nên chúng tôi không đưa ra con số.',
  book: 'Đặt lịch kiểm tra',
  bookLabel: (component: string, plate: string) => `Đặt lịch kiểm tra ${component} cho xe ${plate}`,
  showAll: (count: number) => `Xem tất cả (${count} hạng mục)`,
  showFewer: 'Thu gọn',
} as const;
