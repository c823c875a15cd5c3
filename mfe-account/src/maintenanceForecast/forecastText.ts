import type { ComponentForecastDto, RiskEstimateDto } from 'shared-contracts/diagnostics';

/**
 * The copy of "Dự đoán bảo dưỡng" and the pure helpers that turn the API's numbers into words (spec
 * predictive.md §4). The word bands and why they are what they are: MaintenanceForecast.tsx.
 */

type PoolLevel = NonNullable<ComponentForecastDto['evidence']>['level'];

const percentFormat = new Intl.NumberFormat('vi-VN', { style: 'percent', maximumFractionDigits: 0 });
const integerFormat = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });

/** The probability in whole percent, as shown (the word band reads this same rounded figure, so they never disagree). */
export function wholePercent(probability: number): number {
  return Math.round(Math.min(1, Math.max(0, probability)) * 100);
}

/** '62%' (vi-VN); never '0%' or '100%' for what is only rare or nearly certain: 'dưới 1%', 'trên 99%'. */
export function formatPercent(probability: number): string {
  const whole = wholePercent(probability);
  if (whole === 0) return `dưới ${percentFormat.format(0.01)}`;
  if (whole === 100) return `trên ${percentFormat.format(0.99)}`;
  return percentFormat.format(whole / 100);
}

/** The 95 % interval: 'khoảng 48–75%' (or 'khoảng 62%' when both ends round alike). */
export function formatInterval({ low, high }: Pick<RiskEstimateDto, 'low' | 'high'>): string {
  const from = wholePercent(low);
  const to = wholePercent(high);
  if (from === to) return `khoảng ${percentFormat.format(to / 100)}`;
  return `khoảng ${integerFormat.format(from)}–${percentFormat.format(to / 100)}`;
}

/**
 * The word bands, on the whole percent shown: [from, word]. See MaintenanceForecast.tsx for the reasoning; keep the
 * two in step.
 */
export const LIKELIHOOD_BANDS: readonly (readonly [from: number, words: string])[] = [
  [80, 'Khả năng rất cao'],
  [50, 'Khả năng cao'],
  [20, 'Khả năng vừa'],
  [5, 'Khả năng thấp'],
  [0, 'Khả năng rất thấp'],
];

export function likelihoodWords(probability: number): string {
  const whole = wholePercent(probability);
  return LIKELIHOOD_BANDS.find(([from]) => whole >= from)![1];
}

/** 'Khả năng cao (62%)'. */
export function likelihood(probability: number): string {
  return `${likelihoodWords(probability)} (${formatPercent(probability)})`;
}

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
  notBetter: 'Chưa dự đoán được tốt hơn mức trung bình',
  notBetterDetail: 'Khi kiểm chứng trên dữ liệu cũ, mô hình cho hạng mục này chưa đoán đúng hơn tỷ lệ hỏng trung bình của toàn bộ xe, nên chúng tôi không đưa ra con số.',
  book: 'Đặt lịch kiểm tra',
  bookLabel: (component: string, plate: string) => `Đặt lịch kiểm tra ${component} cho xe ${plate}`,
  showAll: (count: number) => `Xem tất cả (${count} hạng mục)`,
  showFewer: 'Thu gọn',
} as const;
